import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { PARTICIPANTS_CSV } from '@portal/contract';
import { loginAs, reloadApp } from './support/auth.ts';
import { berlinMonth } from './support/berlin-time.ts';
import { expectEditor } from './support/blog-page.ts';
import { DAY, EventsApi, HOUR } from './support/events-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const NAMES = {
  dashboard: `Dashboard-Treffen ${suffix}`,
  calendar: `Kalender-Seminar ${suffix}`,
  quick: `Schnellentschlossen ${suffix}`,
  list: `Listen-Workshop ${suffix}`,
  closed: `Ausgebucht ${suffix}`,
  external: `Fremdmesse ${suffix}`,
  hidden: `Offener Stammtisch ${suffix}`,
  participants: `Glasforum ${suffix}`,
  created: `Neujahrsempfang ${suffix}`,
  deleted: `Abgesagtes Treffen ${suffix}`,
};

/** SPEC §4 colours as the calendar paints them (shade 7 of the theme's palettes, AA with white text). */
const COLORS = {
  accepted: 'rgb(35, 122, 54)',
  declined: 'rgb(201, 42, 42)',
  pending: 'rgb(24, 100, 171)',
  external: 'rgb(174, 62, 201)',
};

let request: APIRequestContext;
/** 21 days ahead: in this month's calendar page or, more often, the next one. */
let externalStart: Date;
let admin: EventsApi;
const ids: Record<keyof typeof NAMES, number> = {
  dashboard: 0,
  calendar: 0,
  quick: 0,
  list: 0,
  closed: 0,
  external: 0,
  hidden: 0,
  participants: 0,
  created: 0,
  deleted: 0,
};

/**
 * Clicks a day cell where no event is drawn: its top left corner, beside the day's number. Late in the
 * evening the events made 'in an hour' lie on tomorrow, and a click lower in the cell hits them.
 */
async function clickFreeSpotOf(cell: Locator): Promise<void> {
  await cell.click({ position: { x: 4, y: 4 } });
}

/** Whole hours from now, so that the events fall into the calendar's current six weeks. */
function inHours(hours: number): Date {
  const date = new Date(Date.now() + hours * HOUR);
  date.setMinutes(0, 0, 0);
  return date;
}

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await EventsApi.as(request, 'admin');
  const soon = inHours(1);
  ids.dashboard = await admin.createEvent({ name: NAMES.dashboard, start: soon, end: inHours(3) });
  ids.calendar = await admin.createEvent({
    name: NAMES.calendar,
    start: new Date(soon.getTime() + 2 * DAY),
    end: new Date(soon.getTime() + 2 * DAY + 2 * HOUR),
    location: 'Köln, Haus der Technik',
  });
  ids.quick = await admin.createEvent({
    name: NAMES.quick,
    start: new Date(soon.getTime() + 2 * DAY + 3 * HOUR),
    end: new Date(soon.getTime() + 2 * DAY + 4 * HOUR),
  });
  ids.list = await admin.createEvent({
    name: NAMES.list,
    start: new Date(soon.getTime() + 3 * DAY),
    end: new Date(soon.getTime() + 3 * DAY + 2 * HOUR),
  });
  const later = soon.getTime() + 20 * DAY;
  externalStart = new Date(later + DAY);
  ids.closed = await admin.createEvent({
    name: NAMES.closed,
    start: new Date(later),
    end: new Date(later + HOUR),
    registrationDeadline: new Date(Date.now() - HOUR),
  });
  ids.external = await admin.createEvent({
    name: NAMES.external,
    start: externalStart,
    end: new Date(later + DAY + HOUR),
    external: true,
    url: 'https://www.example.de/messe',
  });
  ids.hidden = await admin.createEvent({
    name: NAMES.hidden,
    start: new Date(later + 2 * DAY),
    end: new Date(later + 2 * DAY + HOUR),
    teilnahmeausblenden: true,
  });
  ids.participants = await admin.createEvent({
    name: NAMES.participants,
    start: new Date(later + 3 * DAY),
    end: new Date(later + 3 * DAY + HOUR),
  });
  ids.deleted = await admin.createEvent({
    name: NAMES.deleted,
    start: new Date(later + 4 * DAY),
    end: new Date(later + 4 * DAY + HOUR),
  });
  const member = await EventsApi.as(request, 'mitglied');
  await member.answer(ids.participants, true);
  await admin.answer(ids.participants, false);
});

test.afterAll(async () => {
  const created = await admin.idsNamed(NAMES.created);
  await admin.deleteEvents([...Object.values(ids).filter((id) => id > 0), ...created]);
  await request.dispose();
});

function viewSwitch(page: Page, name: 'Kalender' | 'Liste'): Locator {
  return page.getByRole('radio', { name });
}

function calendarEvent(page: Page, name: string): Locator {
  return page.locator('.portal-calendar-event').filter({ hasText: name });
}

/** The block FullCalendar paints in the event's colour. */
async function calendarColor(page: Page, name: string): Promise<string> {
  return calendarEvent(page, name).evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = getComputedStyle(node).backgroundColor;
      if (color !== 'rgba(0, 0, 0, 0)') return color;
    }
    return 'none';
  });
}

function listItem(page: Page, name: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * A banner of SPEC §8 and its colour (Mantine's notification colour variable). It is left to hide itself
 * after its 5 s: clicking its close button raced that, and a click on a banner that has just gone waits for
 * it until the test times out. A banner in the way of a later click only delays that click.
 */
async function expectBanner(page: Page, text: string, color: 'green' | 'red'): Promise<void> {
  const banner = page.locator('.mantine-Notification-root').filter({ hasText: text });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute(
    'style',
    new RegExp(`--notification-color:\\s*var\\(--mantine-color-${color}`),
  );
}

test.describe('events as a member', () => {
  test('should start with the calendar, its weeks from Monday to Sunday', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Veranstaltungen' })
      .click();
    await expect(page).toHaveURL(/\/event$/);
    await expect(viewSwitch(page, 'Kalender')).toBeChecked();
    const headers = page.getByRole('columnheader');
    await expect(headers.first()).toHaveText(/^Montag/, { timeout: LAZY_CHUNK_TIMEOUT });
    await expect(headers.last()).toHaveText(/^Sonntag/);
    await expect(calendarEvent(page, NAMES.calendar)).toBeVisible();
  });

  test('should remember the list across a reload', async ({ page }) => {
    await loginAs(page, 'mitglied', '/event');
    await page.getByText('Liste', { exact: true }).click();
    await expect(viewSwitch(page, 'Liste')).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Kommende Veranstaltungen' })).toBeVisible();
    await reloadApp(page);
    await expect(viewSwitch(page, 'Liste')).toBeChecked();
    await expect(listItem(page, NAMES.list)).toBeVisible();
  });

  test('should remember the calendar, chosen again, across a reload', async ({ page }) => {
    await loginAs(page, 'mitglied', '/event');
    await page.getByText('Liste', { exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Kommende Veranstaltungen' })).toBeVisible();
    await page.getByText('Kalender', { exact: true }).click();
    await expect(viewSwitch(page, 'Kalender')).toBeChecked();
    await reloadApp(page);
    await expect(viewSwitch(page, 'Kalender')).toBeChecked();
    await expect(calendarEvent(page, NAMES.calendar)).toBeVisible();
  });

  test('should accept and decline in the calendar popup, with colours and messages', async ({ page }) => {
    await loginAs(page, 'mitglied', '/event');
    await expect(calendarEvent(page, NAMES.calendar)).toHaveAttribute('data-status', 'pending');
    expect(await calendarColor(page, NAMES.calendar)).toBe(COLORS.pending);

    await calendarEvent(page, NAMES.calendar).click();
    const popup = page.getByRole('dialog', { name: NAMES.calendar });
    await expect(popup.getByText('Köln, Haus der Technik')).toBeVisible();
    await expect(popup.getByText('Offen', { exact: true })).toBeVisible();
    await popup.getByRole('button', { name: 'Zusagen' }).click();
    await expectBanner(page, `Du hast Dich zur Veranstaltung "${NAMES.calendar}" angemeldet.`, 'green');
    await expect(popup.getByRole('button', { name: 'Zusagen' })).toBeDisabled();
    await expect(popup.getByText('Zugesagt', { exact: true })).toBeVisible();
    await expect(calendarEvent(page, NAMES.calendar)).toHaveAttribute('data-status', 'accepted');
    expect(await calendarColor(page, NAMES.calendar)).toBe(COLORS.accepted);

    await popup.getByRole('button', { name: 'Absagen' }).click();
    await expectBanner(page, `Du hast Dich von der Veranstaltung "${NAMES.calendar}" abgemeldet.`, 'red');
    await expect(popup.getByRole('button', { name: 'Absagen' })).toBeDisabled();
    await expect(popup.getByRole('button', { name: 'Zusagen' })).toBeEnabled();
    await expect(popup.getByText('Abgesagt', { exact: true })).toBeVisible();
    await popup.getByRole('button', { name: 'Schließen' }).click();
    await expect(calendarEvent(page, NAMES.calendar)).toHaveAttribute('data-status', 'declined');
    expect(await calendarColor(page, NAMES.calendar)).toBe(COLORS.declined);

    await calendarEvent(page, NAMES.calendar).click();
    await page.getByRole('dialog', { name: NAMES.calendar }).getByRole('link', { name: 'Details' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${ids.calendar}$`));
    await expect(page.getByRole('heading', { level: 1, name: NAMES.calendar })).toBeVisible();
    // The popup may still be fading out over the detail page: look at the page itself.
    await expect(page.getByRole('main').getByRole('button', { name: 'Absagen' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Teilnehmer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  });

  test('should keep an answer given while the popup still loads the event', async ({ page }) => {
    // The popup fetches the event as it opens; here that answer is held back until the answer has been
    // stored, as on a slow connection, and must not put the old state back when it lands.
    let fetched: () => void = () => undefined;
    const staleAnswerFetched = new Promise<void>((resolve) => {
      fetched = resolve;
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let landed: () => void = () => undefined;
    const staleAnswerLanded = new Promise<void>((resolve) => {
      landed = resolve;
    });
    await loginAs(page, 'mitglied', '/event');
    await page.route(`**/api/event/${ids.quick}`, async (route) => {
      const response = await route.fetch();
      fetched();
      await held;
      await route.fulfill({ response });
      landed();
    });
    await calendarEvent(page, NAMES.quick).click();
    const popup = page.getByRole('dialog', { name: NAMES.quick });
    // The server has answered the popup's fetch with the event as it was before the answer.
    await staleAnswerFetched;
    await popup.getByRole('button', { name: 'Zusagen' }).click();
    await expectBanner(page, `Du hast Dich zur Veranstaltung "${NAMES.quick}" angemeldet.`, 'green');
    release();
    await staleAnswerLanded;
    await expect(popup.getByText('Zugesagt', { exact: true })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Zusagen' })).toBeDisabled();
  });

  test('should accept and decline in the list', async ({ page }) => {
    await loginAs(page, 'mitglied', '/event');
    await page.getByText('Liste', { exact: true }).click();
    const item = listItem(page, NAMES.list);
    await expect(item.getByText('Offen', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Zusagen' }).click();
    await expectBanner(page, `Du hast Dich zur Veranstaltung "${NAMES.list}" angemeldet.`, 'green');
    await expect(item.getByText('Zugesagt', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Zusagen' })).toBeDisabled();
    await item.getByRole('button', { name: 'Absagen' }).click();
    await expectBanner(page, `Du hast Dich von der Veranstaltung "${NAMES.list}" abgemeldet.`, 'red');
    await expect(item.getByText('Abgesagt', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Absagen' })).toBeDisabled();
  });

  test('should show further upcoming events on request, and take an answer there', async ({ page }) => {
    // far ahead, after every other event: the first screen holds 20 upcoming events (issue 19)
    const far = inHours(400 * 24).getTime();
    const names = Array.from({ length: 21 }, (_, n) => `Fernziel ${n + 1} ${suffix}`);
    const created: number[] = [];
    try {
      for (const [n, name] of names.entries()) {
        const start = far + n * HOUR;
        created.push(await admin.createEvent({ name, start: new Date(start), end: new Date(start + HOUR) }));
      }
      await loginAs(page, 'mitglied', '/event');
      await page.getByText('Liste', { exact: true }).click();
      const upcoming = page.getByRole('region', { name: 'Kommende Veranstaltungen' });
      await expect(upcoming.getByRole('listitem')).toHaveCount(20);
      const last = listItem(page, names[20] as string);
      await expect(last).toHaveCount(0);
      const more = upcoming.getByRole('button', { name: 'Weitere Veranstaltungen' });
      // other specs' events may lie before ours: a page more each time until the last of ours shows
      for (let round = 0; round < 10 && (await last.count()) === 0; round += 1) {
        const shown = await upcoming.getByRole('listitem').count();
        await more.click();
        await expect.poll(() => upcoming.getByRole('listitem').count()).toBeGreaterThan(shown);
      }
      await expect(last).toBeVisible();
      await expect(more).toHaveCount(0);
      await last.getByRole('button', { name: 'Zusagen' }).click();
      await expectBanner(page, `Du hast Dich zur Veranstaltung "${names[20]}" angemeldet.`, 'green');
      await expect(last.getByText('Zugesagt', { exact: true })).toBeVisible();
      await expect(last.getByRole('button', { name: 'Zusagen' })).toBeDisabled();
    } finally {
      await admin.deleteEvents(created);
    }
  });

  test('should show deadline, external and hidden events without answer buttons', async ({ page }) => {
    await loginAs(page, 'mitglied', '/event');
    await page.getByText('Liste', { exact: true }).click();
    const closed = listItem(page, NAMES.closed);
    await expect(closed.getByText('Anmeldeschluss abgelaufen')).toBeVisible();
    await expect(closed.getByRole('button')).toHaveCount(0);
    const external = listItem(page, NAMES.external);
    await expect(external.getByText('Extern', { exact: true })).toBeVisible();
    await expect(external).toHaveAttribute('data-status', 'external');
    await expect(external.getByRole('button')).toHaveCount(0);
    await expect(listItem(page, NAMES.hidden).getByRole('button')).toHaveCount(0);

    await page.getByText('Kalender', { exact: true }).click();
    if (berlinMonth(externalStart) !== berlinMonth(new Date())) {
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
    }
    await expect(calendarEvent(page, NAMES.external)).toBeVisible();
    expect(await calendarColor(page, NAMES.external)).toBe(COLORS.external);
  });

  test('should accept and decline the next events on the dashboard', async ({ page }) => {
    await loginAs(page, 'mitglied');
    const section = page.getByRole('region', { name: 'Nächste Veranstaltungen' });
    await expect(section.getByRole('listitem')).toHaveCount(3);
    const item = listItem(page, NAMES.dashboard);
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Zusagen' }).click();
    await expectBanner(page, `Du hast Dich zur Veranstaltung "${NAMES.dashboard}" angemeldet.`, 'green');
    await expect(item.getByText('Zugesagt', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Absagen' }).click();
    await expectBanner(page, `Du hast Dich von der Veranstaltung "${NAMES.dashboard}" abgemeldet.`, 'red');
    await expect(item.getByText('Abgesagt', { exact: true })).toBeVisible();
    await section.getByRole('link', { name: NAMES.dashboard }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${ids.dashboard}$`));
  });

  test('should show a partner the next events read-only', async ({ page }) => {
    await loginAs(page, 'partner');
    const section = page.getByRole('region', { name: 'Nächste Veranstaltungen' });
    await expect(section.getByText(NAMES.dashboard)).toBeVisible();
    await expect(section.getByRole('button')).toHaveCount(0);
    await expect(section.getByRole('link')).toHaveCount(0);
  });
});

test.describe('events as an admin', () => {
  test('should create an event by clicking a day after today', async ({ page }) => {
    await loginAs(page, 'admin', '/event');
    await expect(viewSwitch(page, 'Kalender')).toBeChecked();
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date()),
    );
    const sheet = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
    await clickFreeSpotOf(page.locator(`[role="cell"][data-date="${today}"]`));
    await expect(sheet).toBeHidden();

    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    const tomorrow = day.toISOString().slice(0, 10);
    await clickFreeSpotOf(page.locator(`[role="cell"][data-date="${tomorrow}"]`));
    await expect(sheet).toBeVisible();
    const [year, month, date] = tomorrow.split('-');
    // The form comes in its own chunk, with the date pickers and the description's editor.
    await expect(sheet.getByRole('button', { name: 'Beginn' })).toHaveText(
      `${date}.${month}.${year}, 09:00 Uhr`,
      { timeout: LAZY_CHUNK_TIMEOUT },
    );
    await expect(sheet.getByRole('button', { name: 'Ende' })).toHaveText(
      `${date}.${month}.${year}, 17:00 Uhr`,
    );
    const description = sheet.getByRole('textbox', { name: 'Beschreibung' });
    await expectEditor(description);

    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Name ist ein Pflichtfeld.')).toBeVisible();
    await expect(sheet.getByText('Beschreibung ist ein Pflichtfeld.')).toBeVisible();
    await sheet.getByRole('textbox', { name: 'Name' }).fill(NAMES.created);
    await description.fill('Empfang mit Rückblick und Ausblick.');
    await sheet.getByRole('textbox', { name: 'Ort' }).fill('Geschäftsstelle');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expectBanner(page, 'Die Veranstaltung wurde gespeichert.', 'green');
    await expect(sheet).toBeHidden();
    await expect(calendarEvent(page, NAMES.created)).toHaveText(new RegExp(`09:00 ${NAMES.created}`));
    expect(await admin.idsNamed(NAMES.created)).toHaveLength(1);
  });

  test('should delete an event from its page after confirming', async ({ page }) => {
    await loginAs(page, 'admin', `/event/${ids.deleted}`);
    await expect(page.getByRole('heading', { level: 1, name: NAMES.deleted })).toBeVisible();
    await expect(page.getByText('Teilnehmer: 0')).toBeVisible();
    await page.getByRole('button', { name: 'Löschen' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(confirmDialog).toContainText(
      `Wollen Sie die Veranstaltung "${NAMES.deleted}" wirklich löschen?`,
    );
    await confirmDialog.getByRole('button', { name: 'Ja' }).click();
    await expectBanner(page, 'Die Veranstaltung wurde gelöscht.', 'green');
    await expect(page).toHaveURL(/\/event$/);
    expect(await admin.idsNamed(NAMES.deleted)).toEqual([]);
  });

  test('should list the participants and download them as CSV', async ({ page }) => {
    await loginAs(page, 'admin', `/event/${ids.participants}`);
    await expect(page.getByRole('heading', { level: 1, name: NAMES.participants })).toBeVisible();
    await expect(page.getByText('Teilnehmer: 1')).toBeVisible();
    const table = page.getByRole('table', { name: 'Teilnehmer' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'E-Mail',
      'Firma',
      'Status',
      'Begleitpersonen',
      'Antwort am',
      'Aktionen',
    ]);
    await expect(table.getByRole('row', { name: /mitglied/ })).toContainText('Zugesagt');
    await expect(table.getByRole('row', { name: /admin/ })).toContainText('Abgesagt');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Teilnehmerliste (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`teilnehmer-glasforum-${suffix}.csv`);
    const content = await readFile(await file.path());
    expect(content.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = content.toString('utf8').slice(1).split('\r\n');
    // issue 35: companions and the answer's time
    expect(lines[0]).toBe(PARTICIPANTS_CSV.header.join(';'));
    expect(lines[1]).toMatch(/^mitglied;.*;Zugesagt;0;.+$/);

    await page.goto(`/event/${ids.external}`);
    await expect(page.getByRole('heading', { level: 1, name: NAMES.external })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Bearbeiten' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Teilnehmerliste (CSV)' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /www\.example\.de\/messe/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });
});
