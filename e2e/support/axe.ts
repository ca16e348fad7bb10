import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The page checked with axe-core against WCAG 2.1 A and AA: each violation named by rule, impact and the first
 * elements it found (none: an empty list).
 */
export async function violations(page: Page, options: { whileLoading?: boolean } = {}): Promise<string[]> {
  // Checked once the network is idle, unless the test holds a request back to check the loading state.
  if (!options.whileLoading) await page.waitForLoadState('networkidle');
  // A dialog or sheet fading in has the overlay's grey behind its text and half-blended colours: axe would
  // measure contrast in the middle of the transition. Checked once every running transition has ended.
  // (Endless animations, such as a loading skeleton's, are left running.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const result = await builder.analyze();
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}) ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  );
}
