/**
 * Issue 18 in the browser: the members screen (/admin/members) as an admin — search and filters kept in the
 * address, editing role, groups and the lock (which ends the member's session at once), creating a member
 * with a password, the CSV export, erasing a member (GDPR), the phone layout — and its refusal to members
 * and partners.
 */
import { readFile } from 'node:fs/promises';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { ADMIN_API, ERASED_MEMBER_NAME, MEMBERS_CSV_HEADER } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { expectLoaded, loginAs, passwordField, reloadApp } from './support/auth.ts';
import { ForumsApi } from './support/forums-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
/** The members this spec makes; all carry the suffix, so a search for it finds exactly them. */
const NAMES = {
  glass: `glaser-${suffix}`,
  partner: `partnerin-${suffix}`,
  locked: `gesperrt-${suffix}`,
  edited: `bearbeitet-${suffix}`,
  created: `neu-${suffix}`,
  erased: `geloescht-${suffix}`,
};
const GROUP = `Prüfgruppe ${suffix}`;
const FORUM = `Mitgliederverwaltung ${suffix}`;

let request: APIRequestContext;
let admin: AdminApi;
let groupId = 0;
let forumId = 0;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  groupId = (await admin.post<{ id: number }>(ADMIN_API.groups, { name: GROUP }, { expect: [200, 201] })).id;
  await admin.createMember({
    username: NAMES.glass,
    email: `glaser-${suffix}@example.de`,
    company: `Glas ${suffix} AG`,
    role: 'ROLE_USER',
    groups: [groupId],
  });
  await admin.createMember({
    username: NAMES.partner,
    company: '=SUMME(A1)',
    role: 'ROLE_PARTNER',
  });
  const locked = await admin.createMember({ username: NAMES.locked, role: 'ROLE_USER' });
  await admin.updateMember(locked.id, { disabled: true });
  await admin.createMember({
    username: NAMES.edited,
    email: `bearbeitet-${suffix}@example.de`,
    role: 'ROLE_USER',
  });
  await admin.createMember({ username: NAMES.erased, role: 'ROLE_USER' });
  forumId = await admin.with(ForumsApi).createForum(FORUM);
});

test.afterAll(async () => {
  const ids: number[] = [];
  for (const username of Object.values(NAMES)) {
    const member = await admin.member(username);
    if (member) ids.push(member.id);
  }
  await admin.eraseMembers(ids);
  await admin.with(ForumsApi).deleteForums([forumId]);
  await admin.delete(`${ADMIN_API.group(groupId)}?confirm=true`, { expect: [200, 204, 404] });
  await request.dispose();
});

function filters(page: Page): Locator {
  return page.getByRole('search', { name: 'Mitglieder filtern' });
}

function memberTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Mitglieder' });
}

function row(page: Page, username: string): Locator {
  return memberTable(page).getByRole('row').filter({ hasText: username });
}

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(select).toHaveValue(option);
}

async function openMembers(page: Page, search = ''): Promise<void> {
  await loginAs(page, 'admin', `/admin/members${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mitglieder' })).toBeVisible();
}

/** Neither the page nor its body is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The bottom sheet has slid in: its transition has come to rest. */
async function expectSettled(dialog: Locator): Promise<void> {
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
}

/** A logged-in page of its own for `username` in a fresh browser context. */
async function loggedInElsewhere(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, username);
  return page;
}

test.describe('the members screen', () => {
  test('an admin opens it from the navigation, searches and filters, and the address keeps both', async ({
    page,
  }) => {
    await loginAs(page, 'admin');
    const drawer = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const administration = drawer.getByRole('region', { name: 'Verwaltung' });
    await expect(administration.getByRole('link')).toHaveText([
      'Mitglieder',
      'Mitgliedsfirmen',
      'Gruppen',
      'Protokoll',
      'Synonyme für die Suche',
    ]);
    await administration.getByRole('link', { name: 'Mitglieder' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mitglieder' })).toBeVisible();
    await expect(page).toHaveTitle('Mitglieder – Portal');
    await expectLoaded(page);
    await expect(page.getByText(/^[\d.]+ Mitglieder$/)).toBeVisible();
    await expect(memberTable(page).getByRole('row')).not.toHaveCount(0);

    await filters(page).getByRole('searchbox', { name: 'Suchen' }).fill(suffix);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix}`));
    await expect(page.getByText('5 Mitglieder', { exact: true })).toBeVisible();
    await expect(row(page, NAMES.glass)).toContainText(`glaser-${suffix}@example.de`);
    await expect(row(page, NAMES.glass)).toContainText(`Glas ${suffix} AG`);
    await expect(row(page, NAMES.glass)).toContainText(GROUP);
    await expect(row(page, NAMES.glass)).toContainText('noch nie');
    await expect(row(page, NAMES.locked)).toContainText('Gesperrt');
    await expect(row(page, NAMES.glass)).not.toContainText('Gesperrt');

    // By company, any case.
    await filters(page).getByRole('searchbox', { name: 'Suchen' }).fill(`glas ${suffix} ag`);
    await expect(page.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await expect(row(page, NAMES.glass)).toBeVisible();
    await filters(page).getByRole('searchbox', { name: 'Suchen' }).fill(suffix);
    await expect(page.getByText('5 Mitglieder', { exact: true })).toBeVisible();

    await choose(page, filters(page).getByRole('combobox', { name: 'Rolle' }), 'Partner');
    await expect(page).toHaveURL(/[?&]role=ROLE_PARTNER/);
    await expect(page.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await expect(row(page, NAMES.partner)).toContainText('Partner');

    // A reload keeps the search and the filter; back takes the filter away again.
    await reloadApp(page);
    await expect(filters(page).getByRole('searchbox', { name: 'Suchen' })).toHaveValue(suffix);
    await expect(filters(page).getByRole('combobox', { name: 'Rolle' })).toHaveValue('Partner');
    await expect(page.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/role=/);
    await expect(page.getByText('5 Mitglieder', { exact: true })).toBeVisible();

    await choose(page, filters(page).getByRole('combobox', { name: 'Zugang' }), 'Gesperrt');
    await expect(page).toHaveURL(/[?&]disabled=true/);
    await expect(page.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await expect(row(page, NAMES.locked)).toContainText('Gesperrt');
    await choose(page, filters(page).getByRole('combobox', { name: 'Zugang' }), 'Aktiv');
    await expect(page.getByText('4 Mitglieder', { exact: true })).toBeVisible();
    await choose(page, filters(page).getByRole('combobox', { name: 'Zugang' }), 'Alle');

    await choose(page, filters(page).getByRole('combobox', { name: 'Gruppe' }), GROUP);
    await expect(page).toHaveURL(new RegExp(`[?&]group=${groupId}`));
    await expect(page.getByText('1 Mitglied', { exact: true })).toBeVisible();
    await expect(row(page, NAMES.glass)).toBeVisible();

    await filters(page).getByRole('searchbox', { name: 'Suchen' }).fill(`niemand-${suffix}`);
    await expect(page.getByText('Keine Mitglieder gefunden')).toBeVisible();
    await expect(page.getByText('0 Mitglieder', { exact: true })).toBeVisible();

    await choose(page, filters(page).getByRole('combobox', { name: 'Gruppe' }), 'Alle');
    await filters(page).getByRole('searchbox', { name: 'Suchen' }).fill(suffix);
    await expect(page.getByText('5 Mitglieder', { exact: true })).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/admin-members-desktop.png', fullPage: true });
  });

  test('an admin changes role and groups and locks a member out, whose session ends at once', async ({
    page,
    browser,
  }) => {
    const memberPage = await loggedInElsewhere(browser, NAMES.edited);
    await openMembers(page, `?q=${NAMES.edited}`);
    await row(page, NAMES.edited)
      .getByRole('button', { name: `${NAMES.edited} bearbeiten` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Mitglied bearbeiten: ${NAMES.edited}` });
    await expect(dialog.getByRole('combobox', { name: 'Rolle' })).toHaveValue('Mitglied');
    await expect(dialog.getByRole('checkbox', { name: GROUP })).not.toBeChecked();
    await expectSettled(dialog);
    await page.screenshot({ path: 'docs/screenshots/admin-member-dialog.png' });

    await choose(page, dialog.getByRole('combobox', { name: 'Rolle' }), 'Partner');
    await dialog.getByRole('checkbox', { name: GROUP }).check();
    // Changes ask before the dialog closes; 'Weiter bearbeiten' keeps them.
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByRole('checkbox', { name: GROUP })).toBeChecked();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Das Mitglied wurde gespeichert.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row(page, NAMES.edited)).toContainText('Partner');
    await expect(row(page, NAMES.edited)).toContainText(GROUP);
    const saved = await admin.member(NAMES.edited);
    expect(saved?.role).toBe('ROLE_PARTNER');
    expect(saved?.groups.map((group) => group.name)).toContain(GROUP);
    expect(saved?.disabled).toBe(false);

    await row(page, NAMES.edited)
      .getByRole('button', { name: `${NAMES.edited} bearbeiten` })
      .click();
    await dialog.getByRole('switch', { name: 'Zugang gesperrt' }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Das Mitglied wurde gespeichert.')).toBeVisible();
    await expect(row(page, NAMES.edited)).toContainText('Gesperrt');
    expect((await admin.member(NAMES.edited))?.disabled).toBe(true);

    // The locked-out member's open session is refused: the app falls back to the login page.
    await memberPage.reload();
    await expect(memberPage).toHaveURL(/\/login/, { timeout: APP_START_TIMEOUT });
    await expect(memberPage.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await memberPage.context().close();
  });

  test('an admin creates a member with a password, who then logs in with it', async ({ page, browser }) => {
    await openMembers(page);
    await page.getByRole('button', { name: 'Mitglied anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mitglied anlegen' });
    await expect(dialog.getByRole('textbox', { name: 'Benutzername' })).toBeFocused();
    // The default groups are preselected.
    for (const group of await admin.groups()) {
      const box = dialog.getByRole('checkbox', { name: group.name, exact: true });
      if (group.isDefault) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
    await expect(dialog.getByRole('combobox', { name: 'Rolle' })).toHaveValue('Mitglied');

    // The browser checks with the contract's messages; the server's own refusal shows at its field.
    await dialog.getByRole('textbox', { name: 'Benutzername' }).fill('admin');
    await passwordField(dialog).fill('kurz');
    await dialog.getByRole('button', { name: 'Mitglied anlegen' }).click();
    await expect(dialog.getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeVisible();
    await passwordField(dialog).fill('ein-sicheres-passwort');
    await dialog.getByRole('button', { name: 'Mitglied anlegen' }).click();
    await expect(dialog.getByText('Diesen Benutzernamen gibt es schon.')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Benutzername' }).fill(NAMES.created);
    await dialog.getByRole('textbox', { name: 'E-Mail' }).fill(`neu-${suffix}@example.de`);
    await dialog.getByRole('textbox', { name: 'Firma' }).fill('Neue Glas GmbH');
    await dialog.getByRole('checkbox', { name: GROUP }).check();
    await dialog.getByRole('button', { name: 'Mitglied anlegen' }).click();
    await expect(page.getByText(`Das Mitglied „${NAMES.created}“ wurde angelegt.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = await admin.member(NAMES.created);
    expect(created).toMatchObject({ role: 'ROLE_USER', company: 'Neue Glas GmbH', hasPassword: true });
    expect(created?.groups.map((group) => group.name)).toContain(GROUP);

    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await memberPage.goto('/login');
    await memberPage.getByLabel('Benutzername').fill(NAMES.created);
    await passwordField(memberPage).fill('ein-sicheres-passwort');
    await memberPage.getByRole('button', { name: 'Anmelden' }).click();
    await expect(memberPage).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expect(memberPage.getByRole('button', { name: 'Abmelden' })).toBeVisible();
    await context.close();
  });

  test('the CSV export holds the filtered members, UTF-8 with BOM and semicolons', async ({ page }) => {
    await openMembers(page, `?q=${suffix}&role=ROLE_PARTNER`);
    await expect(row(page, NAMES.partner)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV exportieren' }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(MEMBERS_CSV_HEADER.join(';'));
    // The filters apply: this run's partners (the edit test made one more), none of its other members.
    const listed = await admin.members({ q: suffix, role: 'ROLE_PARTNER' });
    const rows = lines.slice(1).filter((line) => line.includes(suffix));
    expect(rows.map((line) => line.split(';')[0]).sort()).toEqual(
      listed.items.map((member) => member.username).sort(),
    );
    expect(rows.some((line) => line.startsWith(`${NAMES.glass};`))).toBe(false);
    // A formula-like company is written as text.
    const partner = rows.find((line) => line.startsWith(`${NAMES.partner};`));
    expect(partner).toContain("'=SUMME(A1)");
    expect(partner?.split(';')).toContain('Partner');
  });

  test("an admin erases a member: the member's forum post stays as 'Ehemaliges Mitglied'", async ({
    page,
  }) => {
    const author = await ForumsApi.as(request, NAMES.erased);
    const thread = await author.createThread(forumId, `Frage ${suffix}`, '<p>Wer liefert Floatglas?</p>');
    await openMembers(page, `?q=${NAMES.erased}`);
    await row(page, NAMES.erased)
      .getByRole('button', { name: `${NAMES.erased} bearbeiten` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Mitglied bearbeiten: ${NAMES.erased}` });
    await dialog.getByRole('button', { name: 'Mitglied löschen (DSGVO)' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Mitglied löschen?' });
    await expect(confirmation).toContainText(`„${ERASED_MEMBER_NAME}“`);
    await expect(confirmation).toContainText('Antworten auf Veranstaltungen und Sitzungen werden gelöscht');
    await expect(confirmation).toContainText('Das lässt sich nicht rückgängig machen.');
    // 'Nein' keeps the member.
    await confirmation.getByRole('button', { name: 'Nein' }).click();
    await expect(confirmation).toBeHidden();
    await dialog.getByRole('button', { name: 'Mitglied löschen (DSGVO)' }).click();
    await confirmation.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText(`Das Mitglied „${NAMES.erased}“ wurde gelöscht.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Keine Mitglieder gefunden')).toBeVisible();
    expect(await admin.member(NAMES.erased)).toBeUndefined();

    await page.goto(`/forum/${forumId}/thread/${thread.id}`);
    await expect(page.getByRole('article', { name: `Beitrag 1 von ${ERASED_MEMBER_NAME}` })).toContainText(
      'Wer liefert Floatglas?',
      { timeout: APP_START_TIMEOUT },
    );
  });

  test('on a phone each member is a card and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await openMembers(page, `?q=${suffix}`);
    // A page beyond the end (an old link) shows the last page.
    await page.goto(`/admin/members?q=${suffix}&page=9`);
    await expect(page).toHaveURL(new RegExp(`/admin/members\\?q=${suffix}$`), { timeout: APP_START_TIMEOUT });
    await expectLoaded(page);
    const cards = page.getByRole('list', { name: 'Mitglieder' });
    await expect(cards.getByRole('listitem').filter({ hasText: NAMES.glass })).toContainText(
      `Glas ${suffix} AG`,
    );
    await expect(cards.getByRole('listitem').filter({ hasText: NAMES.locked })).toContainText('Gesperrt');
    await expect(memberTable(page)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'docs/screenshots/admin-members-phone.png', fullPage: true });

    await cards.getByRole('button', { name: `${NAMES.glass} bearbeiten` }).click();
    const dialog = page.getByRole('dialog', { name: `Mitglied bearbeiten: ${NAMES.glass}` });
    await expect(dialog.getByRole('switch', { name: 'Zugang gesperrt' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('the administration as a member or partner', () => {
  for (const username of ['mitglied', 'partner']) {
    test(`sends ${username} to the login page and offers no link to it`, async ({ page }) => {
      await loginAs(page, username);
      await expect(
        page
          .getByRole('navigation', { name: 'Hauptnavigation' })
          .getByRole('link', { name: 'Mitglieder', exact: true }),
      ).toHaveCount(0);
      for (const path of ['/admin/members', '/admin/groups', '/admin/audit']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
        await expect(page.getByText(/Für die aufgerufene Seite fehlt Ihnen die Berechtigung/)).toBeVisible();
      }
    });
  }
});
