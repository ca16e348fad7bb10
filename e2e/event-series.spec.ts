/**
 * Issue 35 point 5: series. The admin creates a weekly series of 4 in the form; the calendar and the list
 * show 4 dates, each marked as a series' date; answers belong to one date; a change 'Diesen und alle
 * folgenden Termine' reaches the later dates only; one date is deleted alone. A member reads the list on
 * a phone, inside the host page's frame.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { expectEditor } from './support/blog-page.ts';
import { openHostPage } from './support/embedded.ts';
import { DAY, EventsApi } from './support/events-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const SERIES = `Stammtisch Nord ${suffix}`;
const MEMBER = `stammgast-${suffix}`;
const PHONE = { width: 360, height: 740 };

let admin: EventsApi;
let member: EventsApi;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext();
  admin = await EventsApi.as(request, 'admin');
  member = await EventsApi.as(request, MEMBER, { company: 'Delta Glas GmbH', roles: ['ROLE_USER'] });
});

test.afterAll(async () => {
  await admin.deleteEvents(await admin.idsNamed(SERIES));
  await admin.dispose();
});

interface TOccurrence {
  id: number;
  start: string;
  location: string | null;
  seriesId: number | null;
}

async function occurrences(): Promise<TOccurrence[]> {
  const ids = await admin.idsNamed(SERIES);
  const events = await Promise.all(ids.map((id) => admin.get<TOccurrence>(`/api/event/${id}`)));
  return events.sort((a, b) => a.start.localeCompare(b.start));
}

function listItems(page: Page): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(SERIES, { exact: true }) });
}

async function calendarIds(page: Page): Promise<string[]> {
  return page
    .locator('.portal-calendar-event')
    .filter({ hasText: SERIES })
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-event-id') ?? ''));
}

test('an admin creates a weekly series of 4; calendar and list show 4 dates', async ({ page }) => {
  await loginAs(page, 'admin', '/event');
  const tomorrow = new Date(Date.now() + DAY).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
  await page.locator(`[role="cell"][data-date="${tomorrow}"]`).click({ position: { x: 4, y: 4 } });
  const sheet = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
  const description = sheet.getByRole('textbox', { name: 'Beschreibung' });
  await expectEditor(description);
  await sheet.getByRole('textbox', { name: 'Name' }).fill(SERIES);
  await description.fill('Treffen der Mitglieder im Norden.');
  await sheet.getByRole('radio', { name: 'Wöchentlich' }).check();
  await sheet.getByRole('radio', { name: 'nach' }).check();
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    sheet.getByText('Die Wiederholung braucht ein Enddatum oder eine Anzahl von Terminen.'),
  ).toBeVisible();
  await sheet.getByLabel('Anzahl der Termine').fill('4');
  await expect(sheet.getByText('Serientermin: wöchentlich')).toBeVisible();
  await page.screenshot({ path: 'test-results/event-series-form.png', fullPage: true });
  expect(await violations(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet).toBeHidden();

  await expect.poll(async () => (await occurrences()).length).toBe(4);
  const dates = await occurrences();
  expect(new Set(dates.map((date) => date.seriesId)).size).toBe(1);
  expect(dates[0]?.seriesId).not.toBeNull();

  // The calendar: this month's page and the next one hold the 4 weeks between them.
  // Each page fetches its events after it shows, so wait for the dates rather than read them once.
  const ids = dates.map((date) => String(date.id));
  const seen = new Set<string>();
  await expect
    .poll(async () => {
      for (const id of await calendarIds(page)) seen.add(id);
      return seen.size;
    })
    .toBeGreaterThan(0);
  await page
    .getByRole('button', { name: /Nächster Monat|Weiter/ })
    .first()
    .click();
  await expect
    .poll(async () => {
      for (const id of await calendarIds(page)) seen.add(id);
      return [...seen].sort();
    })
    .toEqual([...ids].sort());

  await page.getByText('Liste', { exact: true }).click();
  await expect(listItems(page)).toHaveCount(4);
  await expect(listItems(page).first().getByText('Serie', { exact: true })).toBeVisible();
});

test('answers belong to one date; a member reads the list on a phone in the host page', async ({ page }) => {
  const [first, second] = await occurrences();
  await member.answer(first?.id as number, true);
  expect((await member.event(first?.id as number)).mySubscription).toBe(true);
  expect((await member.event(second?.id as number)).mySubscription).toBeNull();

  await page.setViewportSize(PHONE);
  const { app } = await openHostPage(page, { user: MEMBER, portal: '/event' });
  await expect(app.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await app.getByText('Liste', { exact: true }).click();
  const items = app.getByRole('listitem').filter({ has: app.getByText(SERIES, { exact: true }) });
  await expect(items).toHaveCount(4, { timeout: LAZY_CHUNK_TIMEOUT });
  await expect(items.nth(0).getByText('Zugesagt', { exact: true })).toBeVisible();
  await expect(items.nth(1).getByText('Offen', { exact: true })).toBeVisible();
  await items.nth(1).getByRole('button', { name: 'Absagen' }).click();
  await expect(items.nth(1).getByText('Abgesagt', { exact: true })).toBeVisible();
  await expect(items.nth(0).getByText('Zugesagt', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/event-series-phone-embedded.png', fullPage: true });
});

test("the admin changes 'this and all following' and deletes one date alone", async ({ page }) => {
  const [first, second, , fourth] = await occurrences();
  await loginAs(page, 'admin', `/event/${second?.id}`);
  await expect(page.getByText('wöchentlich', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const sheet = page.getByRole('dialog', { name: 'Veranstaltung bearbeiten' });
  await sheet.getByRole('textbox', { name: 'Ort' }).fill('Hamburg, Glashaus');
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  const scope = page.getByRole('dialog', { name: 'Serientermin' });
  await expect(scope.getByRole('button', { name: 'Nur diesen Termin' })).toBeFocused();
  await page.screenshot({ path: 'test-results/event-series-scope.png', fullPage: true });
  expect(await violations(page)).toEqual([]);
  await scope.getByRole('button', { name: 'Diesen und alle folgenden Termine' }).click();
  await expect(sheet).toBeHidden();
  await expect
    .poll(async () => (await occurrences()).map((date) => date.location))
    .toEqual([first?.location, 'Hamburg, Glashaus', 'Hamburg, Glashaus', 'Hamburg, Glashaus']);

  await page.goto(`/event/${fourth?.id}`);
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('dialog', { name: 'Löschen?' }).getByRole('button', { name: 'Ja' }).click();
  await page
    .getByRole('dialog', { name: 'Serientermin' })
    .getByRole('button', { name: 'Nur diesen Termin' })
    .click();
  await expect(page).toHaveURL(/\/event$/);
  await expect.poll(async () => (await occurrences()).map((date) => date.id)).not.toContain(fourth?.id);
  expect(await occurrences()).toHaveLength(3);
});

test('the admin makes a single event weekly in its form; it becomes a series of 3 dates', async ({
  page,
}) => {
  const name = `Regionaltreffen ${suffix}`;
  const start = new Date(Date.now() + 3 * DAY);
  const id = await admin.createEvent({ name, start, end: new Date(start.getTime() + 2 * 60 * 60 * 1000) });
  try {
    await loginAs(page, 'admin', `/event/${id}`);
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const sheet = page.getByRole('dialog', { name: 'Veranstaltung bearbeiten' });
    await sheet.getByRole('radio', { name: 'Wöchentlich' }).check();
    await sheet.getByRole('radio', { name: 'nach' }).check();
    await sheet.getByLabel('Anzahl der Termine').fill('3');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText('wöchentlich', { exact: true })).toBeVisible();
    const ids = await admin.idsNamed(name);
    expect(ids).toHaveLength(3);
    expect(ids).toContain(id);
  } finally {
    await admin.deleteEvents(await admin.idsNamed(name));
  }
});
