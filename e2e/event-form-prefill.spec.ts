/**
 * Issue 31 point 7 in the browser: in the event form the end follows the start until the admin sets it (two
 * hours after a new start, the same length after a moved one), and a link typed as `www.…` is saved with
 * https://. At 1280 and 360 px.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { EVENTS_API, type TEvent } from '@portal/contract';
import { loginAs } from './support/auth.ts';
import { nextMonthInBerlin } from './support/berlin-time.ts';
import { expectEditor } from './support/blog-page.ts';
import { EventsApi } from './support/events-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const NAME = `Glastage ${uniqueSuffix()}`;
const SHOTS = process.env.SHOTS_DIR;
const target = nextMonthInBerlin();
let request: APIRequestContext;
let admin: EventsApi;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await EventsApi.as(request, 'admin');
});

test.afterAll(async () => {
  await admin.deleteEvents(await admin.idsNamed(NAME));
  await request.dispose();
});

async function openForm(page: Page): Promise<Locator> {
  await loginAs(page, 'admin', '/event');
  await page.getByRole('button', { name: 'Neue Veranstaltung' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
  await expectEditor(sheet.getByRole('textbox', { name: 'Beschreibung' }));
  return sheet;
}

/** Picks a day of next month and a time in the picker of `label`. */
async function pick(page: Page, sheet: Locator, label: string, day: number, hours: string, minutes: string) {
  await sheet.getByRole('button', { name: label }).click();
  // the picker's dropdown (the calendar page behind has a 'Nächster Monat' of its own); it opens at the month
  // of its value, or the current one
  const picker = page
    .locator('[id$="-dropdown"]')
    .filter({ has: page.getByRole('spinbutton', { name: 'Stunden' }) });
  await expect(picker).toBeVisible();
  const dayButton = picker.getByRole('button', {
    name: `${day} ${target.monthName} ${target.year}`,
    exact: true,
  });
  if (!(await dayButton.isVisible())) await picker.getByRole('button', { name: 'Nächster Monat' }).click();
  await dayButton.click();
  await page.getByRole('spinbutton', { name: 'Stunden' }).fill(hours);
  await page.getByRole('spinbutton', { name: 'Minuten' }).fill(minutes);
  await page.getByRole('button', { name: 'Zeitpunkt übernehmen' }).click();
  await expect(picker).toHaveCount(0);
}

const shown = (day: number, time: string) => `${day}.${target.month}.${target.year}, ${time} Uhr`;

test('the end follows the start until it is set, and a www. link is saved with https://', async ({
  page,
}) => {
  const sheet = await openForm(page);
  const start = sheet.getByRole('button', { name: 'Beginn' });
  const end = sheet.getByRole('button', { name: 'Ende' });
  await expect(end).toHaveText('', { timeout: LAZY_CHUNK_TIMEOUT });

  await pick(page, sheet, 'Beginn', 15, '10', '30');
  await expect(start).toHaveText(shown(15, '10:30'));
  await expect(end).toHaveText(shown(15, '12:30'));

  // Moved: the end keeps the two hours.
  await pick(page, sheet, 'Beginn', 16, '14', '00');
  await expect(end).toHaveText(shown(16, '16:00'));

  // Set by the admin: the end stays where it is.
  await pick(page, sheet, 'Ende', 16, '18', '00');
  await expect(end).toHaveText(shown(16, '18:00'));
  await pick(page, sheet, 'Beginn', 16, '15', '00');
  await expect(end).toHaveText(shown(16, '18:00'));

  await sheet.getByRole('textbox', { name: 'Name' }).fill(NAME);
  await sheet.getByRole('textbox', { name: 'Beschreibung' }).fill('Fachvorträge und Ausstellung.');
  const link = sheet.getByRole('textbox', { name: 'Link' });
  await expect(link).toHaveAccessibleDescription('Adresse mit https://, http:// oder www.');
  await link.fill('www.glastage.example/programm');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/event-form-desktop.png` });
  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === EVENTS_API.save && response.request().method() === 'POST',
  );
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  const event = (await (await saved).json()) as TEvent;
  expect(event.url).toBe('https://www.glastage.example/programm');
  await expect(sheet).toBeHidden();
  await page.goto(`/event/${event.id}`);
  await expect(page.getByRole('link', { name: /www\.glastage\.example\/programm/ })).toHaveAttribute(
    'href',
    'https://www.glastage.example/programm',
  );
});

test('a refused link says so in German, and the form fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const sheet = await openForm(page);
  await pick(page, sheet, 'Beginn', 20, '09', '00');
  await expect(sheet.getByRole('button', { name: 'Ende' })).toHaveText(shown(20, '11:00'));
  await sheet.getByRole('textbox', { name: 'Link' }).fill('glastage.example');
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet.getByText('Der Link muss mit https://, http:// oder www. beginnen.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/event-form-phone.png` });
});
