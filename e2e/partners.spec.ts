/**
 * Issue 31, point 6: partners see a portal made for them. No event status they cannot act on, quick access
 * and welcome text by role (an admin writes the partners' text beside the members' intro), and an embedded
 * deep link to a page for members explains why the partner sees the dashboard instead.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { expectEditor } from './support/blog-page.ts';
import { ContentApi } from './support/content-api.ts';
import { openHostPage } from './support/embedded.ts';
import { EventsApi, HOUR } from './support/events-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const suffix = uniqueSuffix();
const EVENT = `Partnertermin ${suffix}`;
const QUICK_LINK = `Beiträge für Partner ${suffix}`;
const PARTNER_TEXT = `Willkommen, liebe Partner ${suffix}!`;
const ids = { event: 0, category: 0 };
let admin: ContentApi;
let partnerIntro = '';

test.beforeAll(async ({ playwright }) => {
  admin = await ContentApi.open(playwright.request, 'admin');
  partnerIntro = await admin.with(BlogApi).partnerIntro();
  // In five minutes: among the dashboard's next three events while other specs add theirs (in ten).
  const start = new Date(Date.now() + 5 * 60_000);
  ids.event = await admin
    .with(EventsApi)
    .createEvent({ name: EVENT, start, end: new Date(start.getTime() + HOUR) });
});

test.afterAll(async () => {
  await admin.with(EventsApi).deleteEvents([ids.event]);
  if (ids.category) await admin.deleteCategories([ids.category]);
  await admin.with(BlogApi).saveIntro(partnerIntro, 'partners');
  await admin.dispose();
});

/** A browser of its own per member: a login link of another account would ask before switching (issue 30). */
async function pageOf(browser: Browser, username: string, viewport = { width: 1280, height: 800 }) {
  const page = await browser.newPage({ viewport });
  await loginAs(page, username);
  return page;
}

function region(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test('should show a partner the next events without a status or answers to give, on a phone', async ({
  page,
  browser,
}) => {
  const member = await pageOf(browser, 'mitglied', PHONE);
  const forMember = region(member, 'Nächste Veranstaltungen')
    .getByRole('listitem')
    .filter({ hasText: EVENT });
  await expect(forMember.getByText(/^(Offen|Zugesagt|Abgesagt)$/)).toBeVisible();
  await member.close();

  await page.setViewportSize(PHONE);
  await loginAs(page, 'partner');
  const events = region(page, 'Nächste Veranstaltungen');
  await expect(events.getByText(EVENT)).toBeVisible();
  await expect(events.getByText(/^(Offen|Zugesagt|Abgesagt|Extern)$/)).toHaveCount(0);
  await expect(events.getByText('Anmeldeschluss abgelaufen')).toHaveCount(0);
  await expect(events.getByRole('link')).toHaveCount(0);
  await expect(events.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/partners-dashboard-phone.png', fullPage: true });
});

test('should give a partner quick access only to what was set up for partners', async ({ page }) => {
  // The demo's quick access holds content pages, which are for members: a partner sees no empty box.
  await loginAs(page, 'partner');
  await expect(page.getByRole('heading', { name: 'Aktuelle Beiträge' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schnellzugriff' })).toHaveCount(0);

  const partnerGroup = await admin.with(AdminApi).groupId('Partner');
  ids.category = await admin.createCategory({
    name: QUICK_LINK,
    type: 'url',
    url: '/blog',
    showInQuickAccess: true,
    visibleForUserGroups: [partnerGroup],
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Schnellzugriff' })).toBeVisible({
    timeout: APP_START_TIMEOUT,
  });
  await expect(page.getByRole('link', { name: QUICK_LINK })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Verbandsinfos' })).toHaveCount(0);
});

test("should greet partners with the text an admin writes beside the members' intro", async ({
  page,
  browser,
}) => {
  await loginAs(page, 'admin');
  const partners = region(page, 'Begrüßung für Partner');
  await expect(region(page, 'Einleitungstext')).toBeVisible();
  await partners.getByRole('button', { name: 'Bearbeiten' }).click();
  const editor = page.getByRole('textbox', { name: 'Begrüßung für Partner' });
  await expectEditor(editor);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(PARTNER_TEXT);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Einleitungstext wurde gespeichert.')).toBeVisible();
  await expect(partners.getByText(PARTNER_TEXT)).toBeVisible();
  await page.screenshot({ path: 'test-results/partners-admin-intro-desktop.png', fullPage: true });

  const partner = await pageOf(browser, 'partner');
  await expect(region(partner, 'Einleitungstext').getByText(PARTNER_TEXT)).toBeVisible();
  await expect(partner.getByText('Willkommen im Mitgliederportal!')).toHaveCount(0);
  await partner.screenshot({ path: 'test-results/partners-dashboard-desktop.png', fullPage: true });
  await partner.close();

  const member = await pageOf(browser, 'mitglied');
  await expect(region(member, 'Einleitungstext')).toBeVisible();
  await expect(member.getByText(PARTNER_TEXT)).toHaveCount(0);
  await member.close();
});

test("should tell a partner why the host page's link to a members' page shows the dashboard, on a phone", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  const { app } = await openHostPage(page, { user: 'partner', portal: `/event/${ids.event}` });
  await expect(app.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
    timeout: APP_START_TIMEOUT,
  });
  const notice = app
    .getByRole('alert')
    .filter({ hasText: 'Diese Seite ist für Ihren Zugang nicht freigegeben' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Der Link führt zur Seite „Veranstaltungen“.');
  await expect(notice).toContainText('Sie steht nur Mitgliedern des Verbands offen');
  await page.screenshot({ path: 'test-results/partners-denied-phone.png', fullPage: true });
  await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
  await expect(notice).toHaveCount(0);
});
