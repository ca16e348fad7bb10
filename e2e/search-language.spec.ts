/**
 * Issue 33 in the browser, as a member types: a typo and an inflected form still find their post, hits that
 * hold only some of the words follow under 'Treffer, die nicht alle Wörter enthalten', and an abbreviation an
 * admin adds to the synonym list finds its long name on the next search, in the top bar's suggestions too.
 * Every post carries KEY, a word of this run only; the synonym's terms are letters of this run only.
 */
import { expect, type Page, test } from '@playwright/test';
import { SEARCH_API, SEARCH_SYNONYMS_API, type TSearchResult, type TSearchSynonym } from '@portal/contract';
import { ApiClient } from './support/api-client.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { BlogApi } from './support/blog-api.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const KEY = `sprache${suffix}`;
/** the run's suffix in letters only: a word the stemmer and the typo search treat as any other */
const LETTERS = suffix.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');
const ABBREVIATION = `QK${LETTERS.slice(0, 6).toUpperCase()}`;
const LONG_NAME = `Quarzkantenschliff${LETTERS}`;

const THERMAL = `Wärmeschutzglas für Altbauten ${KEY}`;
const UNITS = `Isoliergläser richtig lagern ${KEY}`;
const NAMED = `${LONG_NAME} im Überblick ${KEY}`;
const PARTIAL_HEADING = 'Treffer, die nicht alle Wörter enthalten';

let blog: BlogApi;

test.beforeAll(async ({ playwright }) => {
  blog = await BlogApi.open(playwright.request, 'admin');
  for (const title of [THERMAL, UNITS, NAMED]) await blog.createPost({ title, tags: [KEY] });
});

test.afterAll(async () => {
  const groups = await blog.get<TSearchSynonym[]>(SEARCH_SYNONYMS_API.list);
  for (const group of groups.filter((g) => g.terms.includes(ABBREVIATION)))
    await blog.delete(SEARCH_SYNONYMS_API.byId(group.id), { expect: [204, 404] });
  await blog.deletePostsTagged(KEY);
  await blog.dispose();
});

async function searchFor(page: Page, q: string): Promise<void> {
  await page.getByLabel('Suchbegriff').fill(q);
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/Treffer für/);
}

const results = (page: Page) => page.getByRole('main').getByRole('listitem');
const partialSection = (page: Page) => page.getByRole('region', { name: PARTIAL_HEADING });

test('a member finds posts despite a typo and by an inflected form, partial hits last', async ({ page }) => {
  await loginAs(page, 'mitglied', `/search?q=${encodeURIComponent(`Wärmeschuzglas ${KEY}`)}`);
  // one letter missing: the post holding both words is found as a whole hit, not a partial one
  await expect(results(page).first()).toContainText(THERMAL);
  await expect(partialSection(page).getByText(THERMAL)).toHaveCount(0);

  // the umlaut plural's stem meets the singular, however the umlaut is written
  for (const q of [`Isolierglas ${KEY}`, `Isolierglaeser ${KEY}`]) {
    await searchFor(page, q);
    await expect(results(page).first(), q).toContainText(UNITS);
  }

  // no post holds both words: the ones holding KEY follow under their own heading
  await searchFor(page, `${KEY} Zqxwvyfrosch`);
  await expect(page.getByRole('heading', { level: 2, name: PARTIAL_HEADING })).toBeVisible();
  await expect(partialSection(page).getByRole('link', { name: THERMAL })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: 'docs/screenshots/search-partial-desktop.png' });
});

test('an abbreviation an admin adds finds its long name on the next search', async ({ page }) => {
  await loginAs(page, 'mitglied');
  const member = await ApiClient.as(page.request, 'mitglied');
  const query = `${SEARCH_API.search}?q=${ABBREVIATION}`;
  expect((await member.get<TSearchResult>(query)).total).toBe(0);

  await blog.send('POST', SEARCH_SYNONYMS_API.list, {
    data: { terms: [ABBREVIATION, LONG_NAME] },
    expect: 201,
  });
  // no reindex: the member's next search expands the abbreviation, in the top bar's suggestions as well
  const field = page.getByRole('combobox', { name: 'Suchen' });
  await field.fill(ABBREVIATION);
  const suggestion = page.getByRole('listbox', { name: 'Vorschläge' }).getByRole('option');
  await expect(suggestion.first()).toContainText(NAMED);
  await field.press('Enter');
  await expect(results(page).first()).toContainText(NAMED);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('shows the partial hits under their heading at 360 px', async ({ page }) => {
    await loginAs(page, 'mitglied', `/search?q=${encodeURIComponent(`${KEY} Zqxwvyfrosch`)}`);
    const heading = page.getByRole('heading', { level: 2, name: PARTIAL_HEADING });
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await page.screenshot({ path: 'docs/screenshots/search-partial-phone.png', fullPage: true });
  });
});
