/**
 * Issue 35: registration with capacity, waiting list and companions. The admin creates an event with 2
 * places, a waiting list and 1 companion in the form; one member accepts with a companion and fills it, the
 * next waits (with a companion) and the third waits behind; when the first declines, the first waiting moves
 * up and sees it. The admin sees companies, companions and the waiting list, removes a participant, reads
 * the CSV and cancels the event ('Abgesagt'). Without a waiting list a full event's accept button is
 * disabled with its reason, on a phone inside the host page's frame.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PARTICIPANTS_CSV } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { expectEditor } from './support/blog-page.ts';
import { openHostPage } from './support/embedded.ts';
import { DAY, EventsApi, HOUR } from './support/events-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const PHONE = { width: 360, height: 740 };
const SEMINAR = `Seminar Isolierglas ${suffix}`;
const FULL = `Werksführung ${suffix}`;
const MEMBERS = {
  first: { username: `anmelderin-${suffix}`, company: 'Alpha Glas GmbH' },
  second: { username: `wartender-${suffix}`, company: 'Beta Bau KG' },
  third: { username: `nachzuegler-${suffix}`, company: 'Gamma Fenster AG' },
};

let admin: AdminApi;
let adminEvents: EventsApi;
const apis: Record<keyof typeof MEMBERS, EventsApi | null> = { first: null, second: null, third: null };
let fullEvent = 0;

function api(key: keyof typeof MEMBERS): EventsApi {
  const client = apis[key];
  if (!client) throw new Error(`no API login for ${key}`);
  return client;
}

test.beforeAll(async ({ playwright }) => {
  admin = await AdminApi.open(playwright.request, 'admin');
  adminEvents = admin.with(EventsApi);
  for (const [key, member] of Object.entries(MEMBERS) as [keyof typeof MEMBERS, typeof MEMBERS.first][]) {
    apis[key] = await EventsApi.as(admin.request, member.username, {
      company: member.company,
      email: `${member.username}@example.org`,
      roles: ['ROLE_USER'],
    });
  }
  const start = new Date(Date.now() + 10 * DAY);
  start.setMinutes(0, 0, 0);
  fullEvent = await adminEvents.createEvent({
    name: FULL,
    start,
    end: new Date(start.getTime() + 2 * HOUR),
    maxParticipants: 1,
    waitingList: false,
  });
  await api('third').answer(fullEvent, true);
});

test.afterAll(async () => {
  await adminEvents.deleteEvents([fullEvent, ...(await adminEvents.idsNamed(SEMINAR))]);
  const ids: number[] = [];
  for (const member of Object.values(MEMBERS)) ids.push(await admin.memberId(member.username));
  await admin.eraseMembers(ids);
  await admin.dispose();
});

async function expectBanner(page: Page, text: string): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text })).toBeVisible();
}

function answerGroup(page: Page, name: string): Locator {
  return page.getByRole('group', { name: `Teilnahme an ${name}` });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe.configure({ mode: 'serial' });

test('an admin creates an event with 2 places, a waiting list and 1 companion', async ({ page }) => {
  await loginAs(page, 'admin', '/event');
  const tomorrow = new Date(Date.now() + DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  await page.locator(`[role="cell"][data-date="${tomorrow}"]`).click({ position: { x: 4, y: 4 } });
  const sheet = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
  await expect(sheet.getByLabel('Maximale Teilnehmerzahl')).toBeVisible({
    timeout: LAZY_CHUNK_TIMEOUT,
  });
  await sheet.getByRole('textbox', { name: 'Name' }).fill(SEMINAR);
  const description = sheet.getByRole('textbox', { name: 'Beschreibung' });
  await expectEditor(description);
  await description.fill('Neue Normen für Isolierglas.');
  // A waiting list needs a capacity; the reminder starts at 24 hours.
  await expect(sheet.getByRole('switch', { name: 'Warteliste' })).toBeDisabled();
  await expect(sheet.getByLabel('Erinnerung')).toHaveValue('24');
  await sheet.getByLabel('Maximale Teilnehmerzahl').fill('0');
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    sheet.getByText('Die maximale Teilnehmerzahl muss zwischen 1 und 10000 liegen.'),
  ).toBeVisible();
  await sheet.getByLabel('Maximale Teilnehmerzahl').fill('2');
  await sheet.getByRole('switch', { name: 'Warteliste' }).check();
  await sheet.getByLabel('Begleitpersonen', { exact: true }).fill('1');
  await page.screenshot({ path: 'test-results/event-registration-form.png', fullPage: true });
  expect(await violations(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expectBanner(page, 'Die Veranstaltung wurde gespeichert.');
  const [id] = await adminEvents.idsNamed(SEMINAR);
  const saved = await adminEvents.get<{
    maxParticipants: number;
    waitingList: boolean;
    maxGuests: number;
    reminderHours: number | null;
  }>(`/api/event/${id}`);
  expect(saved).toMatchObject({ maxParticipants: 2, waitingList: true, maxGuests: 1 });
});

test('members accept with a companion, fill it, wait with their place; the first waiting moves up', async ({
  page: firstPage,
  browser,
}) => {
  let page = firstPage;
  const [id] = await adminEvents.idsNamed(SEMINAR);
  await loginAs(page, MEMBERS.first.username, `/event/${id}`);
  await expect(page.getByText('noch 2 Plätze', { exact: true })).toBeVisible();
  const answers = answerGroup(page, SEMINAR);
  await answers.getByRole('spinbutton', { name: `Begleitpersonen zu ${SEMINAR}` }).fill('1');
  await answers.getByRole('button', { name: 'Zusagen' }).click();
  await expectBanner(page, `Du hast Dich zur Veranstaltung "${SEMINAR}" angemeldet.`);
  await expect(page.getByText('ausgebucht', { exact: true })).toBeVisible();

  // each member in a browser of their own: a login link does not replace a session
  page = await (await browser.newContext()).newPage();
  await loginAs(page, MEMBERS.second.username, '/event');
  await page.getByText('Liste', { exact: true }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByText(SEMINAR, { exact: true }) });
  await expect(item.getByText('ausgebucht', { exact: true })).toBeVisible();
  await item.getByRole('spinbutton', { name: `Begleitpersonen zu ${SEMINAR}` }).fill('1');
  await item.getByRole('button', { name: 'Auf die Warteliste' }).click();
  await expectBanner(
    page,
    `Die Veranstaltung "${SEMINAR}" ist ausgebucht. Du stehst auf der Warteliste (Platz 1).`,
  );
  await expect(item.getByText('Warteliste, Platz 1', { exact: true })).toBeVisible();

  expect((await api('third').answer(id as number, true)).myWaitlistPosition).toBe(2);
  await api('first').answer(id as number, false);
  // The first waiting (with a companion, 2 places) moves up; the third is now first on the list.
  await page.reload();
  await expect(item.getByText('Zugesagt', { exact: true })).toBeVisible({ timeout: APP_START_TIMEOUT });
  expect((await api('third').event(id as number)).myWaitlistPosition).toBe(1);
  expect(await violations(page)).toEqual([]);
});

test('the admin sees companies, companions and the waiting list, removes one and reads the CSV', async ({
  page,
}) => {
  const [id] = await adminEvents.idsNamed(SEMINAR);
  await loginAs(page, 'admin', `/event/${id}`);
  const table = page.getByRole('table', { name: 'Teilnehmer' });
  await expect(page.getByText('2 von 2 Plätzen vergeben, 1 auf der Warteliste')).toBeVisible();
  const row = (username: string) => table.getByRole('row').filter({ hasText: username });
  await expect(row(MEMBERS.second.username)).toContainText('Beta Bau KG');
  await expect(row(MEMBERS.second.username)).toContainText('Zugesagt');
  await expect(row(MEMBERS.second.username).getByRole('cell').nth(4)).toHaveText('1');
  await expect(row(MEMBERS.second.username).getByRole('cell').nth(5)).toHaveText(
    /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/,
  );
  await expect(row(MEMBERS.third.username)).toContainText('Warteliste, Platz 1');
  await expect(row(MEMBERS.third.username)).toContainText('Gamma Fenster AG');
  await expect(row(MEMBERS.first.username)).toContainText('Abgesagt');
  await page.screenshot({ path: 'test-results/event-registration-participants.png', fullPage: true });
  expect(await violations(page)).toEqual([]);

  await row(MEMBERS.second.username)
    .getByRole('button', { name: `${MEMBERS.second.username} entfernen` })
    .click();
  const confirmDialog = page.getByRole('dialog', { name: 'Teilnehmer entfernen?' });
  await expect(confirmDialog).toContainText(MEMBERS.second.username);
  await confirmDialog.getByRole('button', { name: 'Entfernen' }).click();
  await expectBanner(page, `${MEMBERS.second.username} wurde von der Veranstaltung abgemeldet.`);
  await expect(row(MEMBERS.second.username)).toHaveCount(0);
  await expect(row(MEMBERS.third.username)).toContainText('Zugesagt');
  await expect(page.getByText('1 von 2 Plätzen vergeben, 0 auf der Warteliste')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Teilnehmerliste (CSV)' }).click();
  const content = await readFile(await (await download).path());
  const lines = content.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(PARTICIPANTS_CSV.header.join(';'));
  expect(lines.slice(1).map((line) => line.split(';').slice(0, 5))).toEqual([
    [MEMBERS.third.username, `${MEMBERS.third.username}@example.org`, 'Gamma Fenster AG', 'Zugesagt', '0'],
    [MEMBERS.first.username, `${MEMBERS.first.username}@example.org`, 'Alpha Glas GmbH', 'Abgesagt', '0'],
  ]);
});

test('without a waiting list a full event refuses with its reason, on a phone in the host page', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const { app } = await openHostPage(page, { user: MEMBERS.first.username, portal: `/event/${fullEvent}` });
  await expect(app.getByRole('heading', { level: 1, name: FULL })).toBeVisible({
    timeout: APP_START_TIMEOUT,
  });
  await expect(app.getByText('ausgebucht', { exact: true })).toBeVisible();
  const button = app.getByRole('group', { name: `Teilnahme an ${FULL}` }).getByRole('button', {
    name: 'Zusagen',
  });
  await expect(button).toBeDisabled();
  await expect(app.getByText('Die Veranstaltung ist ausgebucht.')).toBeVisible();
  await expect(button).toHaveAccessibleDescription('Die Veranstaltung ist ausgebucht.');
  await page.screenshot({ path: 'test-results/event-registration-phone-embedded.png', fullPage: true });

  const phone = await (await browser.newContext({ viewport: PHONE })).newPage();
  await loginAs(phone, MEMBERS.first.username, `/event/${fullEvent}`);
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: 'test-results/event-registration-phone.png', fullPage: true });
  expect(await violations(phone)).toEqual([]);
});

test('the admin cancels the event: it stays, marked Abgesagt', async ({ page: adminPage, browser }) => {
  let page = adminPage;
  const [id] = await adminEvents.idsNamed(SEMINAR);
  await loginAs(page, 'admin', `/event/${id}`);
  // The page's actions come first; the admin's own answer buttons ('Absagen' too) follow in the event.
  await page.getByRole('main').getByRole('button', { name: 'Absagen', exact: true }).first().click();
  const confirmDialog = page.getByRole('dialog', { name: 'Veranstaltung absagen?' });
  await expect(confirmDialog).toContainText('erhalten eine E-Mail');
  await confirmDialog.getByRole('button', { name: 'Veranstaltung absagen' }).click();
  await expectBanner(page, `Die Veranstaltung "${SEMINAR}" wurde abgesagt.`);
  await expect(page.getByText('Abgesagt', { exact: true }).first()).toBeVisible();

  page = await (await browser.newContext()).newPage();
  await loginAs(page, MEMBERS.third.username, '/event');
  await page.getByText('Liste', { exact: true }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByText(SEMINAR, { exact: true }) });
  await expect(item.getByText('Abgesagt', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: SEMINAR })).toHaveCSS('text-decoration-line', 'line-through');
  await expect(item.getByRole('button', { name: 'Zusagen' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/event-registration-cancelled.png', fullPage: true });
});

test("the form's reminder default, 24 hours before the start, is stored", async () => {
  const [id] = await adminEvents.idsNamed(SEMINAR);
  const saved = await adminEvents.get<{ reminderHours: number | null }>(`/api/event/${id}`);
  expect(saved.reminderHours).toBe(24);
});
