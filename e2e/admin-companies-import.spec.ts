/**
 * Issue 36 point 4 in the browser: an admin imports a Windows-1252 CSV of companies and contacts; the preview
 * names the error row in German and offers no run; the fixed file is previewed and run, then shows no change
 * when chosen again; the export downloads the same columns. Axe-clean; at 360 px.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { COMPANY_CSV } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { CompaniesApi } from './support/companies-api.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const MEMBERS = [`imp-a-${suffix}`, `imp-b-${suffix}`];
const COMPANY = `Glaserei Köhler ${suffix}`;
const SHOTS = 'docs/screenshots';

let request: APIRequestContext;
let admin: AdminApi;
let companies: CompaniesApi;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  companies = admin.with(CompaniesApi);
  for (const username of MEMBERS) await admin.createMember({ username, role: 'ROLE_USER' });
});

test.afterAll(async () => {
  await companies.removeMarked(suffix);
  const ids: number[] = [];
  for (const username of MEMBERS) {
    const member = await admin.member(username);
    if (member) ids.push(member.id);
  }
  await admin.eraseMembers(ids);
  await request.dispose();
});

/**
 * The fixture in Windows-1252 with this run's names; `fixed` corrects its misspelt state. The bytes stay
 * Windows-1252: only ASCII is replaced.
 */
function csvFile(path: string, fixed: boolean): string {
  let text = readFileSync(fixturePath('companies/firmen-e2e-cp1252.csv'), 'latin1').replaceAll(
    'SUFFIX',
    suffix,
  );
  if (fixed) text = text.replace('Bayren', 'Bayern');
  writeFileSync(path, text, 'latin1');
  return path;
}

async function choose(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'CSV-Datei' }).click();
  await (await chooser).setFiles(file);
}

function counts(page: Page) {
  return page.getByRole('list', { name: 'Zusammenfassung' }).first();
}

test('an admin previews a Windows-1252 file with an error, fixes it, runs it, re-runs it unchanged and exports', async ({
  page,
}, testInfo) => {
  const broken = csvFile(testInfo.outputPath('firmen.csv'), false);
  await loginAs(page, 'admin', '/admin/companies/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import und Export' })).toBeVisible();
  await choose(page, broken);
  const preview = page.getByRole('table', { name: 'Vorschau von firmen.csv' });
  const errorRow = preview.getByRole('row').filter({ hasText: `Spiegelwerk Süd ${suffix}` });
  await expect(errorRow).toContainText('Fehler');
  await expect(errorRow).toContainText('Das Bundesland „Bayren“ ist unbekannt.');
  await expect(preview.getByRole('row').filter({ hasText: COMPANY }).first()).toContainText('neu');
  await expect(counts(page)).toContainText('Fehler: 1');
  await expect(page.getByRole('alert').filter({ hasText: 'Die Datei enthält Fehler.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import ausführen' })).toBeDisabled();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-import-desktop.png`, fullPage: true });
  expect(await companies.named(COMPANY)).toBeUndefined();

  // The fixed file: no error, so it may run.
  const fixed = csvFile(testInfo.outputPath('firmen.csv'), true);
  await choose(page, fixed);
  await expect(counts(page)).toContainText('Fehler: 0');
  await expect(counts(page)).toContainText('neu: 3');
  await page.getByRole('button', { name: 'Import ausführen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ergebnis des Imports' })).toBeFocused();
  await expect(page.getByRole('table', { name: 'Ergebnis des Imports' })).toBeVisible();
  const company = await companies.named(COMPANY);
  expect([company?.city, company?.state, company?.website]).toEqual([
    'Köln',
    'NW',
    'https://koehler.example',
  ]);
  expect(company?.contacts.map((c) => [c.username, c.function, c.mainContact])).toEqual([
    [MEMBERS[0], 'Geschäftsführung', true],
    [MEMBERS[1], 'Vertrieb', false],
  ]);
  expect((await companies.named(`Spiegelwerk Süd ${suffix}`))?.state).toBe('BY');

  // The same file again changes nothing.
  await choose(page, fixed);
  await expect(counts(page)).toContainText('unverändert: 3');
  await expect(counts(page)).toContainText('neu: 0');
  await expect(page.getByText('Die Datei ändert nichts.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('firmen.csv');
  const exported = readFileSync(await file.path(), 'utf8');
  expect(exported.split('\r\n')[0]).toBe(`\uFEFF${Object.values(COMPANY_CSV).join(';')}`);
  const line = exported.split('\r\n').find((row) => row.startsWith(`${COMPANY};`));
  expect(line).toContain(';Mühlenweg 4;50667;Köln;');
});

test('the import preview fits 360 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, 'admin', '/admin/companies/import');
  await choose(page, csvFile(testInfo.outputPath('firmen.csv'), false));
  await expect(counts(page)).toContainText('Fehler: 1');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-import-preview-phone.png`, fullPage: true });
});
