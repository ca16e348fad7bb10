/**
 * Issue 31 point 3: typed times are saved as typed. A member types the time into the picker's hours by
 * keyboard after clicking into them (the caret, not a selection, in a field that shows 00): `1730`,
 * `17:30`, `930` and `0930` give 17:30 and 09:30 in the picker, in the field and in what is saved, in the
 * post form and in the event form (start, end, registration deadline), on a desktop and on a phone.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { BLOG_API, EVENTS_API } from '@portal/contract';
import { loginAs } from './support/auth.ts';
import { berlinTime, nextMonthInBerlin } from './support/berlin-time.ts';
import { BlogApi } from './support/blog-api.ts';
import { expectEditor, typeInEditor } from './support/blog-page.ts';
import { EventsApi } from './support/events-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const suffix = uniqueSuffix();
const TAG = `zeiten-${suffix}`;
const target = nextMonthInBerlin();

let request: APIRequestContext;
let admin: EventsApi;
let blog: BlogApi;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await EventsApi.as(request, 'admin');
  blog = await BlogApi.as(request, 'admin');
});

test.afterAll(async () => {
  for (const name of [`Zeitenprobe ${suffix}`, `Zeitenprobe am Telefon ${suffix}`])
    await admin.deleteEvents(await admin.idsNamed(name));
  await blog.deletePostsTagged(TAG);
  await request.dispose();
});

/**
 * Opens a date field's picker and picks the given day of next month. The picker opens at the month of the
 * field's value: this month when empty, next month when the form prefilled it from another field (the
 * event's end follows its start).
 */
async function pickDay(page: Page, field: Locator, day: number): Promise<void> {
  await field.click();
  const dropdown = page.locator('[data-dates-dropdown]');
  const month = dropdown.getByRole('button', { name: `${target.monthName} ${target.year}`, exact: true });
  const next = dropdown.getByRole('button', { name: 'Nächster Monat' });
  await expect(next).toBeVisible();
  if (!(await month.isVisible())) await next.click();
  await expect(month).toBeVisible();
  await dropdown
    .getByRole('button', { name: `${day} ${target.monthName} ${target.year}`, exact: true })
    .click();
}

/**
 * Types a time as a member does: a click into the hours (which leaves the caret where it was clicked), then
 * the keys. The picker must show the time meant.
 */
async function typeTime(page: Page, typed: string, shown: string): Promise<void> {
  const hours = page.getByRole('spinbutton', { name: 'Stunden' });
  await hours.click();
  await page.keyboard.type(typed);
  const [hh, mm] = shown.split(':');
  await expect(hours).toHaveValue(hh ?? '');
  await expect(page.getByRole('spinbutton', { name: 'Minuten' })).toHaveValue(mm ?? '');
}

async function apply(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Zeitpunkt übernehmen' }).click();
  await expect(page.locator('[data-dates-dropdown]')).toHaveCount(0);
}

/** The JSON field `name` of a multipart save. */
function sentJson(body: string, name: string): Record<string, unknown> {
  const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(body);
  return JSON.parse(match?.[1] ?? '{}') as Record<string, unknown>;
}

test('should save the publishing time of a post as typed', async ({ page }) => {
  test.slow(); // the post form waits for the rich-text editor's chunk
  await loginAs(page, 'admin', `/blog?tag=${TAG}`);
  await page.getByRole('button', { name: 'Neuer Beitrag' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neuer Beitrag' });
  await expectEditor(sheet.getByRole('textbox', { name: 'Beitrag' }));
  await sheet.getByRole('textbox', { name: 'Titel' }).fill(`Zeiten ${suffix}`);
  await typeInEditor(page, sheet.getByRole('textbox', { name: 'Einleitung' }), 'Kurz.');
  await typeInEditor(page, sheet.getByRole('textbox', { name: 'Beitrag' }), 'Lang.');
  await sheet.getByRole('combobox', { name: 'Schlagwörter' }).fill(TAG);
  await sheet.getByRole('combobox', { name: 'Schlagwörter' }).press('Enter');

  // Emptied first: a day picked then shows 00:00, where the picker lost typed digits.
  const field = sheet.getByRole('button', { name: 'Veröffentlichen am' });
  await sheet.getByRole('button', { name: 'Datum entfernen' }).click();
  await expect(field).toHaveText('');
  await pickDay(page, field, 15);
  for (const [typed, shown] of [
    ['1730', '17:30'],
    ['0930', '09:30'],
    ['17:30', '17:30'],
    ['930', '09:30'],
  ] as const) {
    await typeTime(page, typed, shown);
  }
  await apply(page);
  await expect(field).toHaveText(`15.${target.month}.${target.year}, 09:30 Uhr`);

  const saved = page.waitForRequest(
    (sent) => new URL(sent.url()).pathname === BLOG_API.save && sent.method() === 'POST',
  );
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  const post = sentJson((await saved).postDataBuffer()?.toString('utf8') ?? '', 'blog');
  expect(berlinTime(String(post.publishedAt))).toBe(`15.${target.month}.${target.year}, 09:30`);
  await expect(sheet).toBeHidden();
});

async function createEventByKeyboard(page: Page, name: string): Promise<void> {
  await loginAs(page, 'admin', '/event');
  await page.getByRole('button', { name: 'Neue Veranstaltung' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neue Veranstaltung' });
  await expectEditor(sheet.getByRole('textbox', { name: 'Beschreibung' }));
  await sheet.getByRole('textbox', { name: 'Name' }).fill(name);
  await typeInEditor(page, sheet.getByRole('textbox', { name: 'Beschreibung' }), 'Werksführung.');

  const start = sheet.getByRole('button', { name: 'Beginn' });
  await pickDay(page, start, 15);
  await typeTime(page, '930', '09:30');
  await apply(page);
  const end = sheet.getByRole('button', { name: 'Ende' });
  await pickDay(page, end, 15);
  await typeTime(page, '1730', '17:30');
  await apply(page);
  const deadline = sheet.getByRole('button', { name: 'Anmeldeschluss' });
  await pickDay(page, deadline, 14);
  await typeTime(page, '17:30', '17:30');
  await apply(page);
  await expect(start).toHaveText(`15.${target.month}.${target.year}, 09:30 Uhr`, {
    timeout: LAZY_CHUNK_TIMEOUT,
  });
  await expect(end).toHaveText(`15.${target.month}.${target.year}, 17:30 Uhr`);
  await expect(deadline).toHaveText(`14.${target.month}.${target.year}, 17:30 Uhr`);

  const saved = page.waitForRequest(
    (sent) => new URL(sent.url()).pathname === EVENTS_API.save && sent.method() === 'POST',
  );
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  const event = sentJson((await saved).postDataBuffer()?.toString('utf8') ?? '', 'event');
  expect(berlinTime(String(event.start))).toBe(`15.${target.month}.${target.year}, 09:30`);
  expect(berlinTime(String(event.end))).toBe(`15.${target.month}.${target.year}, 17:30`);
  expect(berlinTime(String(event.registrationDeadline))).toBe(`14.${target.month}.${target.year}, 17:30`);
  await expect(sheet).toBeHidden();
}

test('should save the start, end and deadline of an event as typed', async ({ page }) => {
  test.slow(); // the event form waits for the editor's and the date pickers' chunks
  await createEventByKeyboard(page, `Zeitenprobe ${suffix}`);
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('should save the times of an event as typed', async ({ page }) => {
    test.slow();
    await createEventByKeyboard(page, `Zeitenprobe am Telefon ${suffix}`);
    await page.screenshot({ path: '/tmp/forms-shots/typed-times-phone.png', fullPage: true });
  });
});
