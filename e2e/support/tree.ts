/** Drag and drop in the category trees (content and media): the same dnd-kit tree in both. */
import type { Locator, Page, Response } from '@playwright/test';

/**
 * Lets the page render what it has: two animation frames, so that React has committed the tree the
 * server answered and dnd-kit has measured it. Tied to the page's frames, not to the clock.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The answer of the next POST to a `saveTree/` path (`/api/contentCategory/saveTree/`). */
export function treeSaved(page: Page, path: string): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === path && response.request().method() === 'POST',
  );
}

/** Drags a node by its handle with the mouse and drops it a little above the middle of `target`. */
export async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  // In the middle of the window, away from the edges where dragging scrolls the page.
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('tree rows are not laid out');
  const x = from.x + from.width / 2;
  await page.mouse.move(x, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from.y + from.height / 2 - 8, { steps: 4 });
  await page.mouse.move(x, to.y + to.height / 2 - 4, { steps: 12 });
  await page.mouse.up();
}

/**
 * Names of the visible nodes of `tree` that contain `part`, in order, indented two spaces a level (read from
 * the rows' 16 px indentation). `label` finds a row's name.
 */
export async function visibleNodes(tree: Locator, part: string, label = 'a'): Promise<string[]> {
  const nodes = await tree.locator('li').evaluateAll(
    (rows, selector) =>
      rows.map((row) => {
        const depth = Math.round(Number.parseFloat(getComputedStyle(row).paddingLeft) / 16);
        return `${'  '.repeat(depth)}${row.querySelector(selector)?.textContent?.trim() ?? ''}`;
      }),
    label,
  );
  return nodes.filter((node) => node.includes(part));
}
