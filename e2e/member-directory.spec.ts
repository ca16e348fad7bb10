/**
 * Issue 36 in the browser: the member directory (/mitglieder) with search, filters, letters and pages in the
 * address; a company's page with its contacts (e-mail and phone only with consent) and their vCards; the main
 * contact's form; the consent switch in the member's settings; the search's company hits; a phone, the host
 * page's frame and axe.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Frame, type Locator, type Page, test } from '@playwright/test';
import { COMPANY_MESSAGES, type TCompany } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { expectLoaded, loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { CompaniesApi } from './support/companies-api.ts';
import { openHostPage } from './support/embedded.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const MAIN = `dirchef${suffix}`;
const SHOWN = `dirkollegin${suffix}`;
const QUIET = `dirstill${suffix}`;
const OTHER = `dirgast${suffix}`;
const SHOWN_EMAIL = `kollegin-${suffix}@example.de`;
const QUIET_EMAIL = `still-${suffix}@example.de`;
const COMPANY = `Xaver Glas ${suffix} GmbH`;
const SECOND = `Yps Fenster ${suffix}`;
const CITY = `Glashausen${suffix}`;
const SPECIALTY = `Spiegelglas ${suffix}`;
/** 25 companies more than the two: 27 in all, two pages of 24. */
const FILLERS = 25;
const PHONE = { width: 360, height: 740 };

let request: APIRequestContext;
let admin: CompaniesApi;
let companyId = 0;
const companyIds: number[] = [];
const memberIds: number[] = [];
let specialtyId = 0;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await CompaniesApi.as(request, 'admin');
  const members = admin.with(AdminApi);
  // Each member logs in once, which creates them, and chooses whether to be shown.
  for (const [username, email, consent] of [
    [MAIN, `chef-${suffix}@example.de`, true],
    [SHOWN, SHOWN_EMAIL, true],
    [QUIET, QUIET_EMAIL, false],
    [OTHER, `gast-${suffix}@example.de`, false],
  ] as const) {
    const member = await CompaniesApi.as(request, username, { email, roles: ['ROLE_USER'] });
    await member.setShowInDirectory(consent);
    memberIds.push(await members.memberId(username));
  }
  specialtyId = (await admin.createSpecialty(SPECIALTY)).id;
  const company = await admin.createCompany({
    name: COMPANY,
    street: 'Scheibenweg 4',
    postalCode: '80331',
    city: CITY,
    state: 'BY',
    website: 'https://xaver-glas.example',
    phone: '089 123456',
    email: `info-${suffix}@example.de`,
    description: 'Spiegel und Spezialglas seit 1950.',
    specialtyIds: [specialtyId],
  });
  companyId = company.id;
  companyIds.push(company.id);
  companyIds.push((await admin.createCompany({ name: SECOND, city: 'Kassel', state: 'HE' })).id);
  for (let index = 1; index <= FILLERS; index++) {
    const name = `Füllfirma ${suffix} ${String(index).padStart(2, '0')}`;
    companyIds.push((await admin.createCompany({ name, city: 'Essen', state: 'NW' })).id);
  }
  const [main, shown, quiet] = memberIds;
  await admin.linkMember(companyId, main ?? 0, { function: 'Geschäftsführung', mainContact: true });
  await admin.linkMember(companyId, shown ?? 0, { function: 'Vertrieb' });
  await admin.linkMember(companyId, quiet ?? 0, { function: 'Technik' });
});

test.afterAll(async () => {
  await admin.deleteCompanies(companyIds);
  await admin.deleteSpecialty(specialtyId);
  await admin.with(AdminApi).eraseMembers(memberIds);
  await request.dispose();
});

type Scope = Page | Frame;

function filters(scope: Scope): Locator {
  return scope.getByRole('search', { name: 'Verzeichnis filtern' });
}

function card(scope: Scope, name: string): Locator {
  return scope.getByRole('link', { name, exact: true });
}

function total(scope: Scope): Locator {
  return scope.getByText(/^(1 Firma|\d+ Firmen)$/);
}

async function search(page: Page, text: string): Promise<void> {
  await filters(page).getByLabel('Suchen').fill(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text.trim());
  await expectLoaded(page);
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = filters(page).getByRole('combobox', { name: label });
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
  await expectLoaded(page);
}

function contact(scope: Scope, username: string): Locator {
  return scope.getByRole('listitem', { name: username, exact: true });
}

async function openCompany(page: Page, username: string): Promise<void> {
  await loginAs(page, username, `/mitglieder/${companyId}`);
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
}

/** Neither the page nor its body is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a member finds a company by name, place and specialty, filters by Bundesland and letter, and pages', async ({
  page,
}) => {
  await loginAs(page, OTHER, '/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Mitgliederverzeichnis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mitgliederverzeichnis' })).toBeVisible();
  await expectLoaded(page);

  for (const text of [`Xaver Glas ${suffix}`, CITY, SPECIALTY]) {
    await search(page, text);
    await expect(total(page)).toHaveText('1 Firma');
    await expect(card(page, COMPANY)).toBeVisible();
  }
  await search(page, 'kein-treffer-zu-finden');
  await expect(page.getByText('Keine Firma passt zu Ihrer Suche.')).toBeVisible();
  await page.getByRole('button', { name: 'Alle Firmen zeigen' }).click();
  await expect(filters(page).getByLabel('Suchen')).toHaveValue('');

  // The specialty as a filter, then every company of this run: 27, on two pages.
  await choose(page, 'Schwerpunkt', SPECIALTY);
  await expect(total(page)).toHaveText('1 Firma');
  await choose(page, 'Schwerpunkt', 'Alle');
  await search(page, suffix);
  await expect(total(page)).toHaveText('27 Firmen');
  await expect(page.getByRole('listitem').getByRole('link')).toHaveCount(24);
  await page
    .getByRole('navigation', { name: 'Seiten des Verzeichnisses' })
    .getByRole('button', { name: /2/ })
    .click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expectLoaded(page);
  await expect(page.getByRole('listitem').getByRole('link')).toHaveCount(3);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByRole('listitem').getByRole('link')).toHaveCount(24);

  await choose(page, 'Bundesland', 'Hessen');
  await expect(page).toHaveURL(/[?&]state=HE/);
  await expect(total(page)).toHaveText('1 Firma');
  await expect(card(page, SECOND)).toBeVisible();
  await choose(page, 'Bundesland', 'Alle');

  await page.getByRole('button', { name: 'Firmen mit X' }).click();
  await expect(page.getByRole('button', { name: 'Firmen mit X' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]letter=X/);
  await expectLoaded(page);
  await expect(total(page)).toHaveText('1 Firma');

  // The deep link holds it all: a fresh start of the app shows the same list.
  const address = page.url();
  await page.goto(address);
  await expectLoaded(page);
  await expect(filters(page).getByLabel('Suchen')).toHaveValue(suffix);
  await expect(total(page)).toHaveText('1 Firma');
  await card(page, COMPANY).click();
  await expect(page).toHaveURL(new RegExp(`/mitglieder/${companyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  await page.screenshot({ path: 'test-results/member-directory-company.png', fullPage: true });
  // The breadcrumb leads back to the list as it was.
  await page
    .getByRole('navigation', { name: 'Brotkrümelnavigation' })
    .getByRole('link', { name: 'Mitgliederverzeichnis' })
    .click();
  await expect(page).toHaveURL(address);
  await page.screenshot({ path: 'test-results/member-directory-list.png', fullPage: true });
});

test('a company page shows contacts with consent, hides the e-mail of one without, and gives a vCard', async ({
  page,
}) => {
  await openCompany(page, OTHER);
  await expect(page.getByText('Scheibenweg 4')).toBeVisible();
  await expect(page.getByText(`80331 ${CITY}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /xaver-glas\.example/ })).toBeVisible();
  await expect(page.getByText(SPECIALTY)).toBeVisible();
  await expect(page.getByRole('img', { name: `Logo von ${COMPANY}` })).toHaveCount(0);

  await expect(contact(page, SHOWN)).toContainText('Vertrieb');
  await expect(contact(page, SHOWN).getByRole('link', { name: SHOWN_EMAIL })).toBeVisible();
  await expect(contact(page, MAIN)).toContainText('Hauptansprechpartner');
  await expect(contact(page, QUIET)).toContainText('Technik');
  await expect(contact(page, QUIET)).toContainText('Kontaktdaten nicht freigegeben');
  await expect(page.getByText(QUIET_EMAIL)).toHaveCount(0);
  await expect(contact(page, QUIET).getByRole('button', { name: /vCard/ })).toHaveCount(0);
  // Only the main contact and admins edit.
  await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await contact(page, SHOWN)
    .getByRole('button', { name: `vCard von ${SHOWN} herunterladen` })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.vcf$/);
  const card = await readFile(await file.path(), 'utf8');
  expect(card).toContain('BEGIN:VCARD');
  expect(card).toContain(`FN:${SHOWN}`);
  expect(card).toContain(`EMAIL;TYPE=work:${SHOWN_EMAIL}`);
  expect(card).toContain('TITLE:Vertrieb');
  expect(card).not.toContain(QUIET_EMAIL);

  expect(await violations(page)).toEqual([]);
});

test('the main contact edits the company and a function, and the directory shows it', async ({ page }) => {
  await openCompany(page, MAIN);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const sheet = page.getByRole('dialog', { name: `${COMPANY} bearbeiten` });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel(/^Name der Firma/)).toBeFocused();
  expect(await violations(page)).toEqual([]);

  // The server's German message beside the field, nothing saved.
  await sheet.getByLabel('PLZ').fill('803');
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet.getByText(COMPANY_MESSAGES.postalCode)).toBeVisible();
  await sheet.getByLabel('PLZ').fill('86150');
  await sheet.getByLabel('Ort', { exact: true }).fill(`Augsburg${suffix}`);
  const select = sheet.getByRole('combobox', { name: `Funktion von ${SHOWN}` });
  await select.click();
  await page.getByRole('option', { name: 'Technik', exact: true }).click();
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('Die Firma wurde gespeichert.')).toBeVisible();
  await expect(page.getByText(`86150 Augsburg${suffix}`)).toBeVisible();
  await expect(contact(page, SHOWN)).toContainText('Technik');

  await page
    .getByRole('navigation', { name: 'Brotkrümelnavigation' })
    .getByRole('link', { name: 'Mitgliederverzeichnis' })
    .click();
  await search(page, `Augsburg${suffix}`);
  await expect(card(page, COMPANY)).toBeVisible();
  await expect(page.getByText(`86150 Augsburg${suffix} · Bayern`)).toBeVisible();
});

test('a change by someone else while the form is open is explained, and the form starts over', async ({
  page,
}) => {
  await openCompany(page, MAIN);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const sheet = page.getByRole('dialog', { name: `${COMPANY} bearbeiten` });
  await sheet.getByLabel('Telefon (allgemein)').fill('089 999999');
  // An admin saves the company meanwhile.
  const changed: TCompany = await admin.patchCompany(companyId, { description: `Geändert ${suffix}` });
  expect(changed.description).toBe(`Geändert ${suffix}`);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  const notice = sheet.getByRole('alert').filter({ hasText: 'Die Firma wurde inzwischen geändert' });
  await expect(notice).toContainText('Ihre Änderungen wurden deshalb nicht gespeichert');
  await notice.getByRole('button', { name: 'Aktuelle Fassung laden' }).click();
  await expect(notice).toBeHidden();
  await expect(sheet.getByLabel('Kurzbeschreibung')).toHaveValue(`Geändert ${suffix}`);
  await expect(sheet.getByLabel('Telefon (allgemein)')).toHaveValue('089 123456');
  await sheet.getByLabel('Telefon (allgemein)').fill('089 999999');
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('link', { name: '089 999999' })).toBeVisible();
});

test("the consent switch in the member's settings changes what the company page shows", async ({ page }) => {
  await loginAs(page, QUIET, '/benachrichtigungen');
  const section = page.getByRole('region', { name: 'Mitgliederverzeichnis' });
  await expect(section).toContainText(`Ihre Firma: ${COMPANY}`);
  const toggle = section.getByRole('switch', { name: 'In Verzeichnis anzeigen' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Ihre Einstellung wurde gespeichert.')).toBeVisible();
  await expect(toggle).toBeChecked();
  const phone = section.getByRole('textbox', { name: 'Ihre Telefonnummer im Verzeichnis' });
  await phone.fill('0211 4455 66');
  await section.getByRole('button', { name: 'Telefonnummer speichern' }).click();
  await expect(page.getByText('Ihre Telefonnummer wurde gespeichert.')).toBeVisible();

  await section.getByRole('link', { name: 'Seite Ihrer Firma öffnen' }).click();
  await expect(contact(page, QUIET).getByRole('link', { name: QUIET_EMAIL })).toBeVisible();
  await expect(contact(page, QUIET).getByText('0211 4455 66')).toBeVisible();
  await expect(
    contact(page, QUIET).getByRole('button', { name: `vCard von ${QUIET} herunterladen` }),
  ).toBeVisible();

  await page.goBack();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText('Ihre Einstellung wurde gespeichert.').first()).toBeVisible();
  await section.getByRole('link', { name: 'Seite Ihrer Firma öffnen' }).click();
  await expect(contact(page, QUIET)).toContainText('Kontaktdaten nicht freigegeben');
  await expect(page.getByText(QUIET_EMAIL)).toHaveCount(0);
  await expect(page.getByText('0211 4455 66')).toHaveCount(0);
});

test('the search finds the company and its hit opens the company page', async ({ page }) => {
  await loginAs(page, OTHER, `/search?q=${encodeURIComponent(`Xaver ${suffix}`)}`);
  // The hit with every word comes first, under its type's heading, labelled with its type.
  const group = page.getByRole('region', { name: /^Mitgliedsfirmen \(\d+\)$/ });
  const hit = group.getByRole('listitem').first();
  await expect(hit).toContainText('Mitgliedsfirmen');
  await hit.getByRole('link', { name: COMPANY }).click();
  await expect(page).toHaveURL(new RegExp(`/mitglieder/${companyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
});

test('at 360 px the directory and a company page fit the phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, OTHER, `/mitglieder?q=${suffix}`);
  await expect(total(page)).toHaveText('27 Firmen');
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Firmen mit X' }).click();
  await expectLoaded(page);
  await card(page, COMPANY).click();
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  await expect(
    contact(page, SHOWN).getByRole('button', { name: `vCard von ${SHOWN} herunterladen` }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await violations(page)).toEqual([]);
});

test('embedded in the host page, a deep link opens the company and leads to the directory', async ({
  page,
}) => {
  const { app } = await openHostPage(page, { user: OTHER, portal: `/mitglieder/${companyId}` });
  await expect(app.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  await expect(contact(app, SHOWN).getByRole('link', { name: SHOWN_EMAIL })).toBeVisible();
  await app
    .getByRole('navigation', { name: 'Brotkrümelnavigation' })
    .getByRole('link', { name: 'Mitgliederverzeichnis' })
    .click();
  await expect(app.getByRole('heading', { level: 1, name: 'Mitgliederverzeichnis' })).toBeVisible();
  await app
    .getByRole('search', { name: 'Verzeichnis filtern' })
    .getByLabel('Suchen')
    .fill(`Xaver Glas ${suffix}`);
  await expect(total(app)).toHaveText('1 Firma');
  await expect(card(app, COMPANY)).toBeVisible();
});
