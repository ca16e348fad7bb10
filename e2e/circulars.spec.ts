/**
 * Issue 34: circulars (Rundschreiben) with read confirmation. The admin writes one with a PDF and
 * 'Lesebestätigung anfordern', sees 'Bestätigt: 0 von n' and who is pending by company, downloads the CSV
 * and sends a reminder; members find it in 'Zu bestätigen', confirm it and read 'Bestätigt am …', on a
 * phone and inside the host page's frame. The spec's members are in a group of its own, so the counts are
 * its own.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_API, BLOG_API, BLOG_MESSAGES, type TAdminGroup, type TConfirmations } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { BlogApi } from './support/blog-api.ts';
import { expectEditor, typeInEditor } from './support/blog-page.ts';
import { openHostPage } from './support/embedded.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, UPLOAD_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const TAG = `Rundschreiben-${suffix}`;
const GROUP = `Rundschreiben-Leser ${suffix}`;
const OTHER_GROUP = `Ohne Rundschreiben ${suffix}`;
const PHONE = { width: 360, height: 740 };
const PDF = fixturePath('docs/merkblatt.pdf');
const MEMBERS = [
  { username: `leserin-a-${suffix}`, company: 'Alpha Glas GmbH' },
  { username: `leser-b-${suffix}`, company: 'Beta Bau KG' },
  { username: `leserin-c-${suffix}`, company: 'Alpha Glas GmbH' },
];
const WITHOUT_CIRCULARS = `ohne-rundschreiben-${suffix}`;
const API_TITLE = `Neue Tarife ab Januar ${suffix}`;
const CHANGED_TITLE = `Geänderte Lieferbedingungen ${suffix}`;
const CHANGED_FIRST = '<p>Lieferung innerhalb von 10 Werktagen.</p>';
const CHANGED_LATER = '<p>Lieferung innerhalb von 15 Werktagen.</p>';

let admin: AdminApi;
let blog: BlogApi;
const groupIds: number[] = [];
const memberIds: number[] = [];
let apiCircular = 0;
let changedCircular = 0;

/** A day `days` from now, YYYY-MM-DD (far enough from midnight to be the same day in Berlin). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function germanDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

test.beforeAll(async ({ playwright }) => {
  admin = await AdminApi.open(playwright.request, 'admin');
  blog = admin.with(BlogApi);
  for (const name of [GROUP, OTHER_GROUP]) {
    groupIds.push((await admin.post<TAdminGroup>(ADMIN_API.groups, { name }, { expect: 201 })).id);
  }
  for (const member of MEMBERS) {
    const created = await admin.createMember({
      ...member,
      email: `${member.username}@example.org`,
      role: 'ROLE_USER',
      groups: [groupIds[0] as number],
    });
    memberIds.push(created.id);
  }
  const other = await admin.createMember({
    username: WITHOUT_CIRCULARS,
    role: 'ROLE_USER',
    groups: [groupIds[1] as number],
  });
  memberIds.push(other.id);
  apiCircular = await blog.createPost({
    title: API_TITLE,
    content: '<p>Die neuen Tarife gelten ab dem 1. Januar.</p>',
    tags: [TAG],
    groups: [GROUP],
    circular: true,
    confirmationRequired: true,
    confirmBy: dayFromNow(14),
    attachments: [{ name: 'tarife.pdf', mimeType: 'application/pdf', buffer: await readFile(PDF) }],
  });
  changedCircular = await blog.createPost(changedFixture(CHANGED_FIRST));
});

function changedFixture(content: string) {
  return {
    title: CHANGED_TITLE,
    content,
    tags: [TAG],
    groups: [GROUP],
    circular: true,
    confirmationRequired: true,
    confirmBy: dayFromNow(14),
  };
}

test.afterAll(async () => {
  await blog.deletePostsTagged(TAG);
  for (const id of groupIds)
    await admin.delete(`${ADMIN_API.group(id)}?confirm=true`, { expect: [204, 404] });
  await admin.eraseMembers(memberIds);
  await admin.dispose();
});

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin writes a circular with a PDF and confirmation, sees who is pending, downloads the CSV and reminds', async ({
  page,
}) => {
  const title = `Rundschreiben zur Norm ${suffix}`;
  const confirmBy = dayFromNow(10);
  await loginAs(page, 'admin', '/blog?rundschreiben=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Rundschreiben' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Listen' }).getByRole('link', { name: 'Rundschreiben' }),
  ).toHaveAttribute('aria-current', 'true');

  await page.getByRole('button', { name: 'Neuer Beitrag' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neuer Beitrag' });
  await expectEditor(sheet.getByRole('textbox', { name: 'Beitrag' }));
  await sheet.getByRole('textbox', { name: 'Titel' }).fill(title);
  await typeInEditor(
    page,
    sheet.getByRole('textbox', { name: 'Einleitung' }),
    'Die Norm wurde überarbeitet.',
  );
  await typeInEditor(page, sheet.getByRole('textbox', { name: 'Beitrag' }), 'Einzelheiten stehen im Anhang.');
  const groups = sheet.getByRole('combobox', { name: 'Sichtbarkeit' });
  await groups.press('Backspace');
  await groups.press('Backspace');
  await groups.click();
  await sheet.getByRole('option', { name: GROUP }).click();
  const tags = sheet.getByRole('combobox', { name: 'Schlagwörter' });
  await tags.fill(TAG);
  await tags.press('Enter');

  await sheet.getByRole('switch', { name: 'Rundschreiben' }).check();
  const chooser = page.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'PDF-Dateien hinzufügen' }).click();
  await (await chooser).setFiles([PDF, fixturePath('images/logo.png')]);
  await expect(sheet.getByText('„logo.png“ wurde nicht übernommen.', { exact: false })).toBeVisible();
  await expect(sheet.getByRole('list', { name: 'Anhänge (PDF)' }).getByRole('listitem')).toHaveCount(1);
  await sheet.getByRole('switch', { name: 'Lesebestätigung anfordern' }).check();
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    sheet.getByText('„Bestätigen bis“ ist ein Pflichtfeld, wenn eine Lesebestätigung angefordert wird.'),
  ).toBeVisible();
  const day = sheet.getByRole('textbox', { name: 'Bestätigen bis' });
  await day.fill(germanDay(confirmBy));
  await day.blur();
  await page.screenshot({ path: 'test-results/circulars-form-desktop.png' });
  expect(await violations(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });

  const article = page.getByRole('article', { name: title });
  await expect(article.getByText(/^Rundschreiben \d+\/\d{4}$/)).toBeVisible();
  await article.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // opened from 'Rundschreiben', its breadcrumb leads back there
  await expect(
    page
      .getByRole('navigation', { name: 'Brotkrümelnavigation' })
      .getByRole('link', { name: 'Rundschreiben' }),
  ).toHaveAttribute('href', /\/blog\?rundschreiben=true$/);
  await expect(page.getByRole('link', { name: /^merkblatt\.pdf \(PDF, \d+ kB\)$/ })).toBeVisible();

  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const lists = await admin.get<TConfirmations>(BLOG_API.confirmations(id));
  expect(lists.pending.map((member) => member.username)).toEqual(
    expect.arrayContaining(MEMBERS.map((member) => member.username)),
  );
  const office = page.getByRole('region', { name: 'Lesebestätigungen' });
  await expect(office.getByText(`Bestätigt: 0 von ${lists.pending.length}`)).toBeVisible();
  const pending = office.getByRole('region', { name: /^Ausstehend/ });
  await expect(pending.getByText('Alpha Glas GmbH')).toBeVisible();
  await expect(pending.getByText(MEMBERS[0]?.username ?? '')).toBeVisible();
  await expect(pending.getByText(MEMBERS[2]?.username ?? '')).toBeVisible();
  await expect(office.getByText('Noch niemand hat bestätigt.')).toBeVisible();
  await page.screenshot({ path: 'test-results/circulars-office-desktop.png', fullPage: true });
  expect(await violations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await office.getByRole('button', { name: 'CSV herunterladen' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFFirma;Name;Status;Bestätigt am')).toBe(true);
  expect(csv).toContain(`Alpha Glas GmbH;${MEMBERS[0]?.username};Ausstehend`);

  await office.getByRole('button', { name: 'Erinnerung senden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erinnerung senden?' });
  await expect(dialog).toBeVisible();
  // The focus moves into the dialog, so a keyboard user answers it at once.
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(/Erinnerungen? werden? verschickt\.$/)).toBeVisible();
  await expect(office.getByText(/^Letzte Erinnerung: /)).toBeVisible();

  await office.getByRole('button', { name: 'Erinnerung senden' }).click();
  await page.getByRole('dialog', { name: 'Erinnerung senden?' }).getByRole('button', { name: 'Ja' }).click();
  await expect(page.getByText(BLOG_MESSAGES.reminderRecent)).toBeVisible();
});

test('a member finds the circular in ‘Zu bestätigen’ on a phone, confirms it and reads ‘Bestätigt am’', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await loginAs(page, MEMBERS[0]?.username ?? '');
  const toConfirm = page.getByRole('region', { name: 'Zu bestätigen' });
  await expect(toConfirm.getByRole('link', { name: new RegExp(API_TITLE) })).toBeVisible();
  const sections = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(sections.indexOf('Zu bestätigen')).toBeLessThan(sections.indexOf('Aktuelle Beiträge'));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/circulars-dashboard-phone.png', fullPage: true });
  expect(await violations(page)).toEqual([]);

  await toConfirm.getByRole('link', { name: new RegExp(API_TITLE) }).click();
  await expect(page.getByRole('heading', { level: 1, name: API_TITLE })).toBeVisible();
  await expect(page.getByText(/^Rundschreiben \d+\/\d{4}$/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^tarife\.pdf \(PDF, \d+ kB\)$/ })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Gelesen und zur Kenntnis genommen' });
  await confirm.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/circulars-post-phone.png', fullPage: true });
  expect(await violations(page)).toEqual([]);
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Bestätigt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/)).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await page.screenshot({ path: 'test-results/circulars-confirmed-phone.png', fullPage: true });

  await page.getByRole('button', { name: 'Zurück' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('region', { name: 'Zu bestätigen' }).getByRole('link', { name: new RegExp(API_TITLE) }),
  ).toHaveCount(0);
});

test('a member with nothing to confirm sees no ‘Zu bestätigen’', async ({ page }) => {
  await loginAs(page, WITHOUT_CIRCULARS);
  await expect(page.getByRole('region', { name: 'Aktuelle Beiträge' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Zu bestätigen' })).toHaveCount(0);
});

test('a member confirms inside the host page’s frame, from the marked post in the list', async ({ page }) => {
  const username = MEMBERS[1]?.username ?? '';
  const { app } = await openHostPage(page, { user: username, portal: '/blog?rundschreiben=true' });
  await expect(app.getByRole('heading', { level: 1, name: 'Rundschreiben' })).toBeVisible({
    timeout: APP_START_TIMEOUT,
  });
  const item = app.getByRole('article', { name: API_TITLE });
  await expect(item.getByText(/^Zu bestätigen · Bestätigen bis \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/circulars-list-embedded.png', fullPage: true });
  await item.getByRole('link', { name: API_TITLE, exact: true }).click();
  await app.getByRole('button', { name: 'Gelesen und zur Kenntnis genommen' }).click();
  await expect(app.getByText(/^Bestätigt am /)).toBeVisible();

  const lists = await admin.get<TConfirmations>(BLOG_API.confirmations(apiCircular));
  expect(lists.confirmed.map((member) => member.username)).toContain(username);
});

test('a member who confirmed sees what changed since, reads the version they confirmed and confirms again', async ({
  page,
}) => {
  await loginAs(page, MEMBERS[2]?.username ?? '', `/blog/${changedCircular}`);
  await expect(page.getByRole('heading', { level: 1, name: CHANGED_TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Gelesen und zur Kenntnis genommen' }).click();
  await expect(page.getByText(/^Bestätigt am /)).toBeVisible();

  await blog.updatePost(changedCircular, { ...changedFixture(CHANGED_LATER), reconfirm: true });
  await page.reload();
  const changed = page.getByRole('alert').filter({ hasText: 'Geändert, seit Sie es bestätigt haben' });
  await expect(changed).toBeVisible();
  await expect(
    changed.getByText(
      /^Sie hatten am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr bestätigt\. Seitdem wurde geändert: Beitrag\. Bitte bestätigen Sie die neue Fassung\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Lieferung innerhalb von 15 Werktagen.')).toBeVisible();
  await changed.getByText('Die Fassung, die Sie bestätigt hatten').click();
  await expect(changed.getByText('Lieferung innerhalb von 10 Werktagen.')).toBeVisible();
  await page.screenshot({ path: 'test-results/circulars-changed-desktop.png', fullPage: true });
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Gelesen und zur Kenntnis genommen' }).click();
  await expect(page.getByText(/^Bestätigt am /)).toBeVisible();
  await expect(changed).toHaveCount(0);
  const lists = await admin.get<TConfirmations>(BLOG_API.confirmations(changedCircular));
  expect(lists.confirmed.map((member) => member.username)).toContain(MEMBERS[2]?.username);
});
