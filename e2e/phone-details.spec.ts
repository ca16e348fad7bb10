/**
 * Issue 31, point 7 (the smaller ones of the frame), on a phone inside the host page, where the frame is
 * 328 px wide: the top bar's search, bell and logout do not overlap; 'Dienstleistungsangebote' breaks at a
 * syllable; a table wider than the screen says that it scrolls sideways; a search hit on a table row opens
 * the table at that row, highlighted; a reply saved comes into view below the sticky top bar.
 */
import { expect, type Locator, test } from '@playwright/test';
import { expectLoaded } from './support/auth.ts';
import { expectEditor, typeInEditor } from './support/blog-page.ts';
import { ContentApi } from './support/content-api.ts';
import { openHostPage, type TEmbedded } from './support/embedded.ts';
import { ForumsApi } from './support/forums-api.ts';
import { csvFile } from './support/one-of-each.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const suffix = uniqueSuffix();
const CATEGORY = `Breite Tabellen ${suffix}`;
const ITEM = `Lagerliste ${suffix}`;
const FORUM = `Handyforum ${suffix}`;
const THREAD = `Langes Thema ${suffix}`;
const ROWS = 600;
/** A row on the table's second page (250 rows a page), found by its own word. */
const ROW = { index: 420, word: `Nadelglas${suffix}` };
const ids = { category: 0, item: 0, forum: 0, thread: 0 };
let admin: ContentApi;

test.beforeAll(async ({ playwright }) => {
  admin = await ContentApi.open(playwright.request, 'admin');
  ids.category = await admin.createCategory({ name: CATEGORY });
  const header = 'Artikel;Bezeichnung;Hersteller;Dicke;Breite;Höhe;Gewicht;Preis;Lager';
  const rows = Array.from({ length: ROWS }, (_unused, row) =>
    [
      `ART-${row}`,
      row === ROW.index ? ROW.word : `Floatglas Typ ${row % 9}`,
      'Glaswerke Nord',
      '4 mm',
      '1200 mm',
      '800 mm',
      '9,6 kg',
      `${row},50 €`,
      'Halle 3',
    ].join(';'),
  );
  ids.item = await admin.createItem(ids.category, { title: ITEM }, csvFile(header, rows));
  const forums = admin.with(ForumsApi);
  ids.forum = await forums.createForum(FORUM);
  ids.thread = (await forums.createThread(ids.forum, THREAD, '<p>Erster Beitrag</p>')).id;
  await forums.replies(ids.thread, 8);
});

test.afterAll(async () => {
  await admin.with(ForumsApi).deleteForums([ids.forum]);
  await admin.deleteCategories([ids.category]);
  await admin.dispose();
});

test.use({ viewport: PHONE });

/** The member's portal in the host page at 360 px (the frame is 328 px wide), at `portal`. */
async function phoneInHostPage(page: Parameters<typeof openHostPage>[0], portal: string): Promise<TEmbedded> {
  const embedded = await openHostPage(page, { user: 'mitglied', portal });
  await expect(embedded.app.getByRole('button', { name: 'Abmelden' })).toBeVisible({
    timeout: APP_START_TIMEOUT,
  });
  await expectLoaded(embedded.app);
  expect(await embedded.iframe.evaluate((frame) => frame.getBoundingClientRect().width)).toBe(328);
  return embedded;
}

/** Left, right, top and bottom of an element in the frame. */
function box(locator: Locator) {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
  });
}

/** Top of an element and bottom of the sticky top bar, in the host window's coordinates. */
async function belowTheBar(embedded: TEmbedded, element: Locator) {
  const frameTop = await embedded.iframe.evaluate((frame) => frame.getBoundingClientRect().top);
  const bar = await box(embedded.app.getByRole('banner'));
  const target = await box(element);
  return { top: Math.round(frameTop + target.top), barBottom: Math.round(frameTop + bar.bottom) };
}

test('should keep search, bell and logout apart in the top bar', async ({ page }) => {
  const { app } = await phoneInHostPage(page, '/dashboard');
  const bar = await box(app.getByRole('banner'));
  const search = await box(app.getByRole('banner').locator('input'));
  const bell = await box(app.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ }));
  const logout = await box(app.getByRole('button', { name: 'Abmelden' }));
  expect(search.right).toBeLessThanOrEqual(bell.left);
  expect(bell.right).toBeLessThanOrEqual(logout.left);
  expect(logout.right).toBeLessThanOrEqual(bar.right);
  expect(search.right - search.left).toBeGreaterThanOrEqual(40);
  await page.screenshot({ path: 'test-results/phone-details-top-bar.png' });
});

test("should break 'Dienstleistungsangebote' at a syllable", async ({ page }) => {
  const { app } = await phoneInHostPage(page, '/dienstleistungsangebote');
  const heading = app.getByRole('heading', { level: 1, name: 'Dienstleistungsangebote' });
  await expect(heading).toBeVisible();
  const style = await heading.evaluate((element) => ({
    lang: element.closest('[lang]')?.getAttribute('lang'),
    hyphens: getComputedStyle(element).hyphens,
    body: getComputedStyle(document.body).hyphens,
  }));
  expect(style).toEqual({ lang: 'de', hyphens: 'auto', body: 'auto' });
  // Too long for one line at 328 px; each line ends at a syllable: after 'Dienst' or 'Dienstleistungs'.
  const lines = await linesOf(heading);
  expect(lines.join('')).toBe('Dienstleistungsangebote');
  expect(lines.length).toBeGreaterThan(1);
  const breaks = lines.slice(0, -1).map((_line, index) => lines.slice(0, index + 1).join('').length);
  for (const at of breaks) expect([6, 15]).toContain(at);
  await page.screenshot({ path: 'test-results/phone-details-services.png' });
});

test('should show that a wide table scrolls sideways', async ({ page }) => {
  const { app } = await phoneInHostPage(page, `/content/${ids.category}`);
  await expect(app.getByRole('table', { name: `Tabelle: ${ITEM}` })).toBeVisible();
  await expect(app.getByText('Weitere Spalten: Tabelle seitlich verschieben.')).toBeVisible();
  const scroller = app.getByRole('region', { name: `Tabelle: ${ITEM}` });
  const shaded = scroller.locator('xpath=..');
  await expect(shaded).toHaveAttribute('data-more-right', 'true');
  await expect(shaded).not.toHaveAttribute('data-more-left', 'true');
  await page.screenshot({ path: 'test-results/phone-details-table.png' });
  // By keyboard too: the box takes the focus and scrolls; at its end the shading is on the other side.
  await scroller.focus();
  await expect(scroller).toBeFocused();
  await scroller.press('ArrowRight');
  await expect(shaded).toHaveAttribute('data-more-left', 'true');
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(shaded).toHaveAttribute('data-more-left', 'true');
  await expect(shaded).not.toHaveAttribute('data-more-right', 'true');
});

test("should open a table row's search hit at that row, highlighted below the top bar", async ({ page }) => {
  const embedded = await phoneInHostPage(page, `/search?q=${ROW.word}`);
  const { app } = embedded;
  await app.getByRole('main').getByRole('link', { name: ITEM }).click();
  await expect.poll(() => new URL(app.url()).search).toBe(`?item=${ids.item}&row=${ROW.index}`);
  const table = app.getByRole('table', { name: `Tabelle: ${ITEM}` });
  const row = table.locator('tr[aria-current="true"]');
  await expect(row.getByRole('cell', { name: ROW.word })).toBeVisible();
  await expect(app.getByText(`Zeilen 251–500 von ${ROWS}`)).toBeVisible();
  await expect(app.getByRole('searchbox', { name: 'Suchen' })).toHaveValue('');
  await expect
    .poll(async () => {
      const { top, barBottom } = await belowTheBar(embedded, row);
      return top >= barBottom && top < PHONE.height - 40;
    })
    .toBe(true);
  await page.screenshot({ path: 'test-results/phone-details-row-hit.png' });
});

test('should bring a reply saved on a phone into view below the top bar', async ({ page }) => {
  const embedded = await phoneInHostPage(page, `/forum/${ids.forum}/thread/${ids.thread}`);
  const { app } = embedded;
  const text = `Meine Antwort vom Handy ${suffix}`;
  await app.getByRole('main').getByRole('button', { name: 'Antworten', exact: true }).first().click();
  const sheet = app.getByRole('dialog');
  const editor = sheet.getByRole('textbox', { name: 'Beitrag', exact: true });
  await expectEditor(editor);
  await typeInEditor(page, editor, text);
  await sheet.getByRole('button', { name: 'Antwort senden' }).click();
  await expect(sheet).toBeHidden({ timeout: LAZY_CHUNK_TIMEOUT });
  const reply = app.getByRole('article').filter({ hasText: text });
  await expect(reply).toBeVisible();
  await expect
    .poll(async () => {
      const { top, barBottom } = await belowTheBar(embedded, reply);
      return top >= barBottom && top < PHONE.height - 40;
    })
    .toBe(true);
  await page.screenshot({ path: 'test-results/phone-details-reply.png' });
});

/** The text of each line an element's text is laid out in (soft hyphens left out). */
function linesOf(element: Locator): Promise<string[]> {
  return element.evaluate((node) => {
    const text =
      node.firstChild?.nodeType === Node.TEXT_NODE ? node.firstChild : node.querySelector('*')?.firstChild;
    if (!text?.textContent) return [];
    const content = text.textContent;
    const lines: string[] = [];
    let line = '';
    let top: number | null = null;
    const range = document.createRange();
    for (let index = 0; index < content.length; index += 1) {
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      // A character at the start of a line may also report an empty box at the end of the line before.
      const rect = [...range.getClientRects()].filter((candidate) => candidate.width > 0).at(-1);
      const char = content[index] ?? '';
      if (rect && top !== null && rect.top > top + 2) {
        lines.push(line);
        line = '';
      }
      if (rect) top = rect.top;
      if (char !== '\u00ad') line += char;
    }
    lines.push(line);
    return lines;
  });
}
