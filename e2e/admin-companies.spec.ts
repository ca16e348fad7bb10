/**
 * Issue 36 points 1, 3 and 4 under 'Verwaltung': an admin reviews the companies proposed from members' company
 * texts and applies them in one go, keeps the specialties, creates and edits a company, links a member with a
 * function and makes them main contact, deletes the company after 'Löschen?'. The import is in
 * admin-companies-import.spec.ts. Axe-clean; at 360 px and in the host page's frame; a member is refused.
 */

import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_COMPANIES_API, type TCompany } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { ApiClient } from './support/api-client.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { CompaniesApi } from './support/companies-api.ts';
import { openHostPage } from './support/embedded.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
const SHOTS = 'docs/screenshots';
/** members with company texts: two spellings of one name, one to merge into it, one to rename, one to skip */
const TEXTS = {
  [`krause-a-${suffix}`]: `Glas Krause ${suffix}`,
  [`krause-b-${suffix}`]: `glas  KRAUSE ${suffix}`,
  [`krause-c-${suffix}`]: `Krause Glastechnik ${suffix}`,
  [`schmitt-${suffix}`]: `Fenster Schmitt ${suffix}`,
  [`later-${suffix}`]: `Noch offen ${suffix}`,
};
const CONTACT = `kontakt-${suffix}`;

let request: APIRequestContext;
let admin: AdminApi;
let companies: CompaniesApi;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  companies = admin.with(CompaniesApi);
  for (const [username, company] of Object.entries(TEXTS))
    await admin.createMember({ username, company, role: 'ROLE_USER' });
  await admin.createMember({ username: CONTACT, email: `${CONTACT}@glas.example`, role: 'ROLE_USER' });
});

test.afterAll(async () => {
  await companies.removeMarked(suffix);
  const ids: number[] = [];
  for (const username of [...Object.keys(TEXTS), CONTACT]) {
    const member = await admin.member(username);
    if (member) ids.push(member.id);
  }
  await admin.eraseMembers(ids);
  await request.dispose();
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

function proposalOf(page: Page, username: string): Locator {
  return page
    .getByRole('list', { name: 'Vorgeschlagene Firmen' })
    .getByRole('listitem')
    .filter({ hasText: username });
}

test('an admin reviews the companies proposed from company texts; nothing changes before „Übernehmen“', async ({
  page,
}) => {
  const proposals = await companies.proposals();
  const krause = proposals.find((p) => p.members.some((m) => m.username === `krause-a-${suffix}`));
  expect(krause?.members.map((m) => m.username).sort()).toEqual([`krause-a-${suffix}`, `krause-b-${suffix}`]);
  if (!krause) return;

  await loginAs(page, 'admin', '/admin/companies/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Firmenangaben prüfen' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation.getByRole('link', { name: 'Mitgliedsfirmen' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const card = proposalOf(page, `krause-a-${suffix}`);
  await expect(card.getByText(`Glas Krause ${suffix} (1×)`, { exact: true })).toBeVisible();
  await expect(card.getByText(`krause-a-${suffix}, krause-b-${suffix}`)).toBeVisible();

  // Only this spec's proposals are taken; the others (of other specs, the demo data) are skipped.
  await page.getByRole('button', { name: 'Alle überspringen' }).click();
  await card.getByRole('radio', { name: 'Annehmen' }).check();
  const merged = proposalOf(page, `krause-c-${suffix}`);
  await merged.getByRole('radio', { name: 'Zusammenführen' }).check();
  const renamed = proposalOf(page, `schmitt-${suffix}`);
  await renamed.getByRole('radio', { name: 'Umbenennen' }).check();
  await renamed.getByRole('textbox', { name: /^Neuer Name für/ }).fill('');
  // a merge without target and an empty name are named before anything is sent
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText('Bitte prüfen Sie die markierten Vorschläge.')).toBeVisible();
  await expect(
    merged.getByText('Bitte wählen Sie einen angenommenen oder umbenannten Vorschlag.'),
  ).toBeVisible();
  await expect(renamed.getByText('Bitte geben Sie einen neuen Namen ein.')).toBeVisible();
  await renamed.getByRole('textbox', { name: /^Neuer Name für/ }).fill(`Fensterbau Schmitt ${suffix}`);
  await merged.getByRole('combobox', { name: /zusammenführen mit$/ }).click();
  await page.getByRole('option', { name: krause.name, exact: true }).click();
  await expect(
    proposalOf(page, `later-${suffix}`).getByRole('radio', { name: 'Überspringen' }),
  ).toBeChecked();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-review-desktop.png`, fullPage: true });
  // nothing is created while the admin decides
  expect(await companies.search(`Krause ${suffix}`)).toEqual([]);

  await page.getByRole('button', { name: 'Übernehmen' }).click();
  const result = page.getByRole('status').filter({ hasText: 'Übernommen:' });
  await expect(result).toContainText('2 Firmen angelegt, 4 Mitglieder zugeordnet');
  await expect(result).toBeFocused();
  await expect(proposalOf(page, `krause-a-${suffix}`)).toHaveCount(0);
  await expect(proposalOf(page, `later-${suffix}`)).toBeVisible();

  const company = await companies.named(krause.name);
  expect(company?.contacts.map((c) => c.username).sort()).toEqual([
    `krause-a-${suffix}`,
    `krause-b-${suffix}`,
    `krause-c-${suffix}`,
  ]);
  expect((await companies.named(`Fensterbau Schmitt ${suffix}`))?.contacts.map((c) => c.username)).toEqual([
    `schmitt-${suffix}`,
  ]);
});

test('an admin keeps the specialties: adds, is told what is wrong, renames and deletes one', async ({
  page,
}) => {
  const name = `Spiegelbau ${suffix}`;
  await loginAs(page, 'admin', '/admin/companies/specialties');
  await expect(page.getByRole('heading', { level: 1, name: 'Schwerpunkte' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Alle Schwerpunkte' });
  await expect(list.getByRole('listitem', { name: 'Glasveredelung' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Neuer Schwerpunkt' });
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText('Der Name des Schwerpunkts ist ein Pflichtfeld.')).toBeVisible();
  await field.fill('  glaserei ');
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  await expect(page.getByText('Einen Schwerpunkt „glaserei“ gibt es schon.').first()).toBeVisible();
  await field.fill(name);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Der Schwerpunkt „${name}“ wurde angelegt.`)).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(list.getByRole('listitem', { name })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-specialties-desktop.png`, fullPage: true });

  await page.getByRole('button', { name: `${name} umbenennen` }).click();
  const sheet = page.getByRole('dialog', { name: `Schwerpunkt umbenennen: ${name}` });
  await expect(sheet.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await sheet.getByRole('textbox', { name: 'Name' }).fill(`Spiegelbau neu ${suffix}`);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Schwerpunkt wurde umbenannt.')).toBeVisible();
  await expect(list.getByRole('listitem', { name: `Spiegelbau neu ${suffix}` })).toBeVisible();

  await page.getByRole('button', { name: `Spiegelbau neu ${suffix} löschen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Löschen?' });
  await expect(dialog).toContainText(
    `Wollen Sie den Schwerpunkt „Spiegelbau neu ${suffix}“ wirklich löschen?`,
  );
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Der Schwerpunkt wurde gelöscht.')).toBeVisible();
  await expect(list.getByRole('listitem', { name: `Spiegelbau neu ${suffix}` })).toHaveCount(0);
  expect((await companies.specialties()).some((s) => s.name.includes(suffix))).toBe(false);
});

test('an admin creates a company, edits it, links a member as main contact and deletes it', async ({
  page,
}) => {
  const name = `Glasbau Ost ${suffix}`;
  await loginAs(page, 'admin', '/admin/companies');
  await page.getByRole('button', { name: 'Firma anlegen' }).click();
  const sheet = page.getByRole('dialog', { name: 'Firma anlegen' });
  await sheet.getByRole('textbox', { name: 'Name' }).fill(name);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(`Die Firma „${name}“ wurde angelegt.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const form = page.getByRole('form', { name: 'Angaben der Firma' });
  await form.getByRole('textbox', { name: 'PLZ' }).fill('123');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByText('Die PLZ besteht aus fünf Ziffern.')).toBeVisible();
  await form.getByRole('textbox', { name: 'PLZ' }).fill('04109');
  await form.getByRole('textbox', { name: 'Ort' }).fill('Leipzig');
  await form.getByRole('combobox', { name: 'Bundesland' }).click();
  await page.getByRole('option', { name: 'Sachsen', exact: true }).click();
  await form.getByRole('combobox', { name: 'Schwerpunkte' }).click();
  await page.getByRole('option', { name: 'Fassadenbau' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Firma wurde gespeichert.')).toBeVisible();
  let company = await companies.named(name);
  expect([company?.postalCode, company?.city, company?.state]).toEqual(['04109', 'Leipzig', 'SN']);
  expect(company?.specialties.map((s) => s.name)).toEqual(['Fassadenbau']);

  // the logo: uploaded as soon as it is chosen, then removed
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Logo' }).click();
  await (await chooser).setFiles(fixturePath('images/logo.png'));
  await expect(page.getByText('Das Logo wurde gespeichert.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Logo von ${name}` })).toBeVisible();
  expect((await companies.named(name))?.logo).toBeTruthy();
  await page.getByRole('button', { name: 'Logo entfernen' }).click();
  await expect(page.getByText('Das Logo wurde entfernt.')).toBeVisible();
  await expect(page.getByText('Noch kein Logo.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Mitglied' }).fill(CONTACT);
  await page.getByRole('option', { name: CONTACT }).click();
  const link = page.getByRole('group', { name: 'Mitglied zuordnen' });
  await link.getByRole('combobox', { name: 'Funktion' }).click();
  await page.getByRole('option', { name: 'Technik' }).click();
  await link.getByRole('button', { name: 'Mitglied zuordnen' }).click();
  await expect(page.getByText(`„${CONTACT}“ gehört jetzt zur Firma.`)).toBeVisible();
  const contact = page
    .getByRole('list', { name: 'Ansprechpartner' })
    .getByRole('listitem', { name: CONTACT });
  await expect(contact.getByRole('combobox', { name: `Funktion von ${CONTACT}` })).toHaveValue('Technik');
  const main = contact.getByRole('switch', { name: `${CONTACT} ist Hauptansprechpartner` });
  await expect(main).not.toBeChecked();
  await main.check();
  await expect(page.getByText(`Die Angaben zu „${CONTACT}“ wurden gespeichert.`)).toBeVisible();
  await expect(main).toBeChecked();
  company = await companies.named(name);
  expect(company?.contacts).toEqual([
    expect.objectContaining({ username: CONTACT, function: 'Technik', mainContact: true }),
  ]);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-company-desktop.png`, fullPage: true });

  await page
    .getByRole('navigation', { name: 'Bereiche der Mitgliedsfirmen' })
    .getByRole('link', { name: 'Firmen', exact: true })
    .click();
  await page.getByRole('searchbox', { name: 'Suchen' }).fill(`Ost ${suffix}`);
  const row = page.getByRole('list', { name: 'Alle Firmen' }).getByRole('listitem', { name });
  await expect(row).toContainText('04109 Leipzig (Sachsen)');
  await expect(page.getByText('1 Firma', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-list-desktop.png`, fullPage: true });
  await row.getByRole('button', { name: `${name} löschen` }).click();
  const dialog = page.getByRole('dialog', { name: 'Löschen?' });
  await expect(dialog).toContainText(`Wollen Sie die Firma „${name}“ wirklich löschen?`);
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText('Die Firma wurde gelöscht.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Firma anlegen' })).toBeFocused();
  expect(await companies.named(name)).toBeUndefined();
});

test('the company screens fit 360 px and the host page’s frame', async ({ page }) => {
  const name = `Sehr lange Firmenbezeichnung für schmale Bildschirme ${suffix}`;
  const created = await companies.post<TCompany>(ADMIN_COMPANIES_API.create, { name, city: 'Würzburg' });
  await page.setViewportSize(PHONE);
  await loginAs(page, 'admin', `/admin/companies?q=${suffix}`);
  await expect(page.getByRole('listitem', { name })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/admin-companies-list-phone.png`, fullPage: true });
  for (const [path, heading, shot] of [
    [`/admin/companies/${created.id}`, name, 'company'],
    ['/admin/companies/review', 'Firmenangaben prüfen', 'review'],
    ['/admin/companies/import', 'Import und Export', 'import'],
    ['/admin/companies/specialties', 'Schwerpunkte', 'specialties'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
      timeout: APP_START_TIMEOUT,
    });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/admin-companies-${shot}-phone.png`, fullPage: true });
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  const { app } = await openHostPage(page, { user: 'admin', portal: `/admin/companies/${created.id}` });
  await expect(app.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(
    app.getByRole('form', { name: 'Angaben der Firma' }).getByRole('textbox', { name: 'Ort' }),
  ).toHaveValue('Würzburg');
});

test('a member is neither offered nor let into the companies administration', async ({ page }) => {
  await loginAs(page, 'mitglied');
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Mitgliedsfirmen' })).toHaveCount(0);
  await page.goto('/admin/companies/review');
  await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
  const member = await ApiClient.as(page.request, 'mitglied');
  await member.get('/api/admin/companies/review', { expect: 403 });
});
