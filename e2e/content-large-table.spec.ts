import { type APIRequestContext, expect, test } from '@playwright/test';
import { loginAs } from './support/auth.ts';
import { ContentApi } from './support/content-api.ts';
import { uniqueSuffix } from './support/test-data.ts';

/**
 * A table of 50,000 rows (SPEC §9 "all" must stay usable): the first rows come with the item, the others
 * page, search and scroll through GET /api/content/{id}/rows.
 */
const ROWS = 50_000;
const suffix = uniqueSuffix();
const TITLE = `Großtabelle ${suffix}`;

let request: APIRequestContext;
let api: ContentApi;
let categoryId = 0;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  request = await playwright.request.newContext();
  api = await ContentApi.as(request, 'admin');
  categoryId = await api.createCategory({ name: `Groß ${suffix}` });
  const lines = ['Nummer;Bezeichnung;Gruppe'];
  for (let row = 1; row <= ROWS; row += 1) lines.push(`${row};Zeile ${row};Gruppe ${row % 7}`);
  await api.createItem(categoryId, { title: TITLE }, { name: 'gross.csv', content: lines.join('\n') });
});

test.afterAll(async () => {
  await api.deleteCategories([categoryId]);
  await request.dispose();
});

test('should page, search and scroll through all 50,000 rows as a member', async ({ page }) => {
  await loginAs(page, 'mitglied');
  await page.goto(`/content/${categoryId}`);
  const table = page.getByRole('table', { name: `Tabelle: ${TITLE}` });
  const status = page.getByText(/^(Zeilen \d|Keine Zeilen)/);
  await expect(status).toHaveText('Zeilen 1–250 von 50.000');
  await expect(table.getByRole('row')).toHaveCount(251);

  await page.getByRole('button', { name: 'Letzte Seite' }).click();
  await expect(status).toHaveText('Zeilen 49.751–50.000 von 50.000');
  await expect(table.getByRole('cell', { name: 'Zeile 50000', exact: true })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Suchen' }).fill('zeile 12345');
  await expect(status).toHaveText('Zeilen 1–1 von 1');
  await expect(table.getByRole('cell', { name: 'Zeile 12345', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Suchen' }).fill('');

  await page.getByLabel('Zeilen pro Seite').selectOption({ label: 'Alle' });
  await expect(status).toHaveText('Zeilen 1–50.000 von 50.000');
  await expect(table.getByRole('cell', { name: 'Zeile 1', exact: true })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(100);

  const scroller = page.getByRole('region', { name: `Tabelle: ${TITLE}` });
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
  await expect(table.getByRole('cell', { name: /^Zeile 2\d{4}$/ }).first()).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(table.getByRole('cell', { name: 'Zeile 50000', exact: true })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(100);
});
