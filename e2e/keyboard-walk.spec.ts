/**
 * Issue 31 point 4: the focus follows the member. An admin and a member do their tasks by keyboard only
 * (Tab, Enter, Escape and typing): a post written, its breaking news and the logout cancelled by Escape, a
 * form's discard question answered by Escape; an event answered, a thread started, on a desktop and on a phone.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { BLOG_API } from '@portal/contract';
import { loginAs } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { DAY, EventsApi } from './support/events-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const suffix = uniqueSuffix();
const TAG = `tastatur-${suffix}`;
const EVENT = `Tastaturtreffen ${suffix}`;
const FORUM = `Tastaturforum ${suffix}`;

let request: APIRequestContext;
let blog: BlogApi;
let events: EventsApi;
let forums: ForumsApi;
let eventId: number;
let forumId: number;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  blog = await BlogApi.as(request, 'admin');
  events = await EventsApi.as(request, 'admin');
  forums = await ForumsApi.as(request, 'admin');
  const start = new Date(Date.now() + 10 * DAY);
  eventId = await events.createEvent({ name: EVENT, start, end: new Date(start.getTime() + DAY / 4) });
  forumId = await forums.createForum(FORUM);
});

test.afterAll(async () => {
  await blog.deletePostsTagged(TAG);
  await events.deleteEvents([eventId]);
  await forums.deleteForums([forumId]);
  await request.dispose();
});

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `target` has the focus, as a keyboard user does; fails when it never gets it. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let press = 0; press < max; press += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), `${target} never got the focus by Tab`).toBe(true);
}

/** True when the focused element lies inside `container`. */
function holdsFocus(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

test.describe('an admin by keyboard', () => {
  test('should write a post, and cancel its breaking news, a discard and the logout with Escape', async ({
    page,
  }) => {
    test.slow(); // the post form waits for the rich-text editor's chunk
    const title = `Tastaturbeitrag ${suffix}`;
    const breakingNewsCalls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith(BLOG_API.breakingNews(0).replace(/0$/, '')))
        breakingNewsCalls.push(sent.url());
    });
    await loginAs(page, 'admin', `/blog?tag=${TAG}`);

    await tabTo(page, page.getByRole('button', { name: 'Neuer Beitrag' }));
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Neuer Beitrag' });
    await expect(sheet.getByRole('textbox', { name: 'Titel' })).toBeFocused({ timeout: LAZY_CHUNK_TIMEOUT });
    await page.keyboard.type(title);
    await tabTo(page, sheet.getByRole('textbox', { name: 'Einleitung' }));
    await page.keyboard.type('Mit der Tastatur geschrieben.');
    await tabTo(page, sheet.getByRole('textbox', { name: 'Beitrag' }));
    await page.keyboard.type('Ohne Maus.');
    await tabTo(page, sheet.getByRole('combobox', { name: 'Schlagwörter' }));
    await page.keyboard.type(TAG);
    await page.keyboard.press('Enter');

    // 'Zeitpunkt übernehmen' gives the focus back to the field; Tab goes on inside the form.
    const publishedAt = sheet.getByRole('button', { name: 'Veröffentlichen am' });
    await tabTo(page, publishedAt);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('spinbutton', { name: 'Stunden' }));
    await page.keyboard.type('0000');
    await tabTo(page, page.getByRole('button', { name: 'Zeitpunkt übernehmen' }));
    await page.keyboard.press('Enter');
    await expect(publishedAt).toBeFocused();
    await expect(publishedAt).toContainText('00:00 Uhr');
    await page.keyboard.press('Tab');
    expect(await holdsFocus(sheet)).toBe(true);

    await tabTo(page, sheet.getByRole('button', { name: 'Speichern' }));
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();

    // Breaking news: Escape answers 'Nein', nothing is sent.
    const actions = page.getByRole('group', { name: `Aktionen für ${title}` });
    const breakingNews = actions.getByRole('button', { name: 'Eilmeldung abschicken' });
    await tabTo(page, breakingNews);
    await page.keyboard.press('Enter');
    const question = page.getByRole('dialog', { name: 'Eilmeldung abschicken?' });
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(breakingNews).toBeFocused();
    expect(breakingNewsCalls).toEqual([]);

    // A form with changes: Escape asks, Escape again keeps editing.
    await tabTo(page, page.getByRole('button', { name: 'Neuer Beitrag' }));
    await page.keyboard.press('Enter');
    await expect(sheet.getByRole('textbox', { name: 'Titel' })).toBeFocused({ timeout: LAZY_CHUNK_TIMEOUT });
    await page.keyboard.type('Halber Gedanke');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await expect(discard).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(discard).toBeHidden();
    await expect(sheet.getByRole('textbox', { name: 'Titel' })).toHaveValue('Halber Gedanke');
    await page.keyboard.press('Escape');
    await tabTo(page, discard.getByRole('button', { name: 'Verwerfen' }));
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();

    // Logout: Escape answers 'Nein'.
    await tabTo(page, page.getByRole('button', { name: 'Abmelden' }));
    await page.keyboard.press('Enter');
    const logout = page.getByRole('dialog', { name: 'Abmelden?' });
    await expect(logout).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(logout).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/blog');
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeFocused();
  });
});

async function answerAndStartThread(page: Page, threadName: string): Promise<void> {
  await loginAs(page, 'mitglied', `/event/${eventId}`);
  const answers = page.getByRole('group', { name: `Teilnahme an ${EVENT}` });
  await tabTo(page, answers.getByRole('button', { name: 'Zusagen' }));
  await page.keyboard.press('Enter');
  await expect(answers.getByRole('button', { name: 'Zusagen' })).toBeDisabled();
  expect(await holdsFocus(answers)).toBe(true);
  await tabTo(page, answers.getByRole('button', { name: 'Absagen' }), 3);
  await page.keyboard.press('Enter');
  await expect(answers.getByRole('button', { name: 'Absagen' })).toBeDisabled();
  expect(await holdsFocus(answers)).toBe(true);

  await page.goto(`/forum/${forumId}`);
  await tabTo(page, page.getByRole('button', { name: 'Neues Thema' }));
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Neues Thema' });
  const name = sheet.getByRole('textbox', { name: 'Name des Themas' });
  await expect(name).toBeFocused({ timeout: LAZY_CHUNK_TIMEOUT });
  await page.keyboard.type(threadName);
  await expect(name).toHaveValue(threadName);
  await tabTo(page, sheet.getByRole('textbox', { name: 'Beitrag' }));
  await page.keyboard.type('Wer hat Erfahrung damit?');
  await tabTo(page, sheet.getByRole('button', { name: 'Thema erstellen' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: threadName })).toBeVisible();
}

test.describe('a member by keyboard', () => {
  test('should answer an event and start a thread', async ({ page }) => {
    await answerAndStartThread(page, `Tastaturthema ${suffix}`);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('should answer an event and start a thread', async ({ page }) => {
      await answerAndStartThread(page, `Tastaturthema am Telefon ${suffix}`);
    });
  });
});
