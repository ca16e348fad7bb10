/**
 * Issue 16, point 5: the search field in the top bar (`/` jumps there), its suggestions as an ARIA combobox,
 * the results page (groups with counts, type chips, highlighted snippets, nothing found), a table row's hit
 * opening its table at the row (issue 31), the media library for admins only, and the phone layout. Every
 * document carries KEY, a word of this run only, so the counts are exactly this spec's data.
 */
import { expect, type Frame, type Page, test } from '@playwright/test';
import { SEARCH_API, type TSearchResult } from '@portal/contract';
import { ApiClient } from './support/api-client.ts';
import { loginAs } from './support/auth.ts';
import { ContentApi } from './support/content-api.ts';
import { openHostPage } from './support/embedded.ts';
import { HOUR } from './support/events-api.ts';
import { csvFile, OneOfEach } from './support/one-of-each.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const KEY = `such${uniqueSuffix()}`;
const NAME = `Suche ${KEY}`;
const POST = `Ratgeber Wärmedämmglas ${KEY}`;
const EVENT = `Fachtagung ${KEY}`;
const ITEM = `Preisliste ${KEY}`;
const FILE = `Merkblatt ${KEY}`;
/** a cell of one row of the price list only */
const ROW_TEXT = `Sonderposten${KEY}`;

const data = new OneOfEach({
  name: NAME,
  items: [
    {
      title: ITEM,
      /** more rows than the suggestions show */
      csv: csvFile('Artikelnummer;Bezeichnung;Preis', [
        ...Array.from(
          { length: 12 },
          (_unused, row) => `FG-${row + 1};Isolierglas ${KEY} Nr. ${row + 1};${20 + row},00 €`,
        ),
        `FG-99;Lagerware ${ROW_TEXT};9,00 €`,
      ]),
    },
  ],
  post: { title: POST, content: `<p>Alles über ${KEY}.</p>` },
  event: { name: EVENT, startsIn: 24 * HOUR },
  thread: { name: `Frage zu ${KEY}`, content: '<p>Wer hat Erfahrungen damit?</p>' },
  media: { fixture: 'docs/merkblatt.pdf', name: FILE },
});
const { ids } = data;

let admin: ContentApi;

test.beforeAll(async ({ playwright }) => {
  admin = await ContentApi.open(playwright.request, 'admin');
  await data.create(admin);
});

test.afterAll(async () => {
  await data.remove(admin);
  await admin.dispose();
});

function searchField(page: Page | Frame) {
  return page.getByRole('combobox', { name: 'Suchen' });
}

function suggestions(page: Page | Frame) {
  return page.getByRole('listbox', { name: 'Vorschläge' }).getByRole('option');
}

/** The combobox points at the picked suggestion (aria-activedescendant), as screen readers follow it. */
async function expectPicked(page: Page, index: number): Promise<void> {
  const id = await suggestions(page).nth(index).getAttribute('id');
  expect(id).toBeTruthy();
  await expect(searchField(page)).toHaveAttribute('aria-activedescendant', id ?? '');
}

function chips(page: Page) {
  return page.getByRole('navigation', { name: 'Art der Treffer' }).getByRole('link');
}

test('should suggest hits while a member types and open one by keyboard', async ({ page }) => {
  await loginAs(page, 'mitglied');
  await page.keyboard.press('/');
  await expect(searchField(page)).toBeFocused();
  await page.keyboard.type(KEY);
  await expect(suggestions(page)).toHaveCount(8);
  await expect(searchField(page)).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expectPicked(page, 1);
  await page.keyboard.press('ArrowUp');
  await expectPicked(page, 0);

  // While the next text's hits load, the previous ones stay, marked busy; then the new ones replace them.
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(/\/api\/search\?q=Ratgeber/, async (route) => {
    await held;
    await route.continue();
  });
  await searchField(page).fill(`Ratgeber ${KEY}`);
  const listbox = page.getByRole('listbox', { name: 'Vorschläge' });
  await expect(listbox).toHaveAttribute('aria-busy', 'true');
  await expect(suggestions(page)).toHaveCount(8);
  answer();
  // the post holds both words; the hits holding only KEY follow it (issue 33 point 5)
  await expect(suggestions(page).first()).toHaveText(new RegExp(`^${POST}`));
  await expect(listbox).toHaveAttribute('aria-busy', 'false');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/blog/${ids.post}`);
  await expect(page.getByRole('heading', { level: 1, name: POST })).toBeVisible();
});

test('should show grouped results with counts, filter by type and say when nothing is found', async ({
  page,
}) => {
  await loginAs(page, 'mitglied');
  await searchField(page).fill(KEY);
  await searchField(page).press('Enter');
  await expect(page).toHaveURL(`/search?q=${KEY}`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    new RegExp(`^\\d+ Treffer für „${KEY}“$`),
  );
  await expect(chips(page)).toHaveText([
    /^Alle \(\d+\)$/,
    'Neuigkeiten (1)',
    /^Inhalte \(\d+\)$/,
    'Veranstaltungen (1)',
    /^Forum \(\d+\)$/,
  ]);
  await expect(page.getByRole('heading', { level: 2, name: 'Veranstaltungen (1)' })).toBeVisible();
  await expect(page.getByRole('main').locator('mark').first()).toHaveText(new RegExp(KEY, 'i'));
  await page.screenshot({ path: 'docs/screenshots/search-desktop.png' });

  await chips(page).filter({ hasText: 'Veranstaltungen' }).click();
  await expect(page).toHaveURL(`/search?q=${KEY}&type=event`);
  const events = page.getByRole('region', { name: 'Veranstaltungen (1)' });
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Veranstaltungen (1)']);
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await expect(events.getByRole('link', { name: EVENT })).toBeVisible();

  await page.getByLabel('Suchbegriff').fill(`Qxzyvw${KEY}`);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByText(`Keine Treffer für „Qxzyvw${KEY}“`)).toBeVisible();
  await expect(page.getByText(/^Prüfen Sie die Schreibweise/)).toBeVisible();
});

test("should open a table row's hit with its table at the row, highlighted, not filtered", async ({
  page,
}) => {
  await loginAs(page, 'mitglied', `/search?q=${ROW_TEXT}`);
  await page.getByRole('main').getByRole('link', { name: ITEM }).click();
  // issue 31: the hit names the row (the 13th, 0-based 12); the table shows every row, that one marked.
  await expect(page).toHaveURL(`/content/${ids.category}?item=${ids.items[0]}&row=12`);
  const table = page.getByRole('table', { name: `Tabelle: ${ITEM}` });
  await expect(page.getByRole('searchbox', { name: 'Suchen' })).toHaveValue('');
  await expect(table.getByRole('row')).toHaveCount(14);
  const row = table.locator('tr[aria-current="true"]');
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'FG-99', exact: true })).toBeInViewport();
});

test('should find media files for admins only', async ({ page }) => {
  await loginAs(page, 'admin');
  // KEY alone: a file of another run named `Merkblatt …` would be a hit holding one of two words
  await searchField(page).fill(KEY);
  await searchField(page).press('Enter');
  await expect(chips(page).filter({ hasText: 'Mediathek' })).toHaveText('Mediathek (1)');
  await page.getByRole('main').getByRole('link', { name: FILE }).click();
  await expect(page).toHaveURL(new RegExp(`/media/${ids.media}\\?file=\\d+$`));
  // A member searching for the same name gets nothing: the media library is not theirs to search.
  const member = await ApiClient.as(page.request, 'mitglied');
  const answer = await member.get<TSearchResult>(`${SEARCH_API.search}?q=${encodeURIComponent(KEY)}`);
  expect(answer.counts.media).toBe(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('should suggest hits in the top bar at 360 px', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await searchField(page).click();
    // The focused field takes the bar; the brand and the logout button step aside meanwhile.
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeHidden();
    const field = await searchField(page).boundingBox();
    expect(field?.width).toBeGreaterThan(240);
    await page.keyboard.type(KEY);
    await expect(suggestions(page)).toHaveCount(8);
    const box = await page.getByRole('listbox', { name: 'Vorschläge' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await page.screenshot({ path: 'docs/screenshots/search-phone.png' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  });
});

test('should search from the portal inside the host page', async ({ page }) => {
  const { app } = await openHostPage(page, { user: 'mitglied', portal: '/dashboard' });
  await expect(searchField(app)).toBeVisible({ timeout: APP_START_TIMEOUT });
  await searchField(app).fill(KEY);
  await expect(suggestions(app)).toHaveCount(8);
  await searchField(app).press('Enter');
  await expect.poll(() => new URL(app.url()).pathname + new URL(app.url()).search).toBe(`/search?q=${KEY}`);
  await expect(app.getByRole('main').getByRole('status')).toHaveText(
    new RegExp(`^\\d+ Treffer für „${KEY}“$`),
  );
  await expect(app.getByRole('main').getByRole('link', { name: POST })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/search-embedded.png' });
});
