/**
 * Issue 14, point 8, the smaller things: calm inline not-found messages, a new content item opens
 * expanded, admins delete a thread from its page, hidden event buttons mean no 'Offen' badge, the two
 * 'Neue Kategorie' buttons on /media name their tree, deleted items are not fetched again and the editor
 * chunk is loaded before 'Neuer Beitrag' is pressed.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { BLOG_API, EVENTS_API, FORUM_API } from '@portal/contract';
import { expectLoaded, loginAs, visitInApp } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { ContentApi } from './support/content-api.ts';
import { DAY, EventsApi, HOUR } from './support/events-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const suffix = uniqueSuffix();
const FORUM = `Details-Forum ${suffix}`;
const HIDDEN = `Ohne Anmeldung ${suffix}`;
const OPEN = `Mit Anmeldung ${suffix}`;
const TAG = `Details-${suffix}`;

let request: APIRequestContext;
let admin: ContentApi;
const ids = { category: 0, forum: 0, hidden: 0, open: 0 };

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ContentApi.as(request, 'admin');
  ids.category = await admin.createCategory({ name: `Details-Seite ${suffix}` });
  await admin.createItem(ids.category, { title: `Vorhandener Eintrag ${suffix}` });
  ids.forum = await admin.with(ForumsApi).createForum(FORUM);
  const events = admin.with(EventsApi);
  const start = new Date(Date.now() + 2 * DAY);
  const end = new Date(start.getTime() + HOUR);
  ids.hidden = await events.createEvent({ name: HIDDEN, start, end, teilnahmeausblenden: true });
  ids.open = await events.createEvent({ name: OPEN, start, end });
});

test.afterAll(async () => {
  await admin.with(ForumsApi).deleteForums([ids.forum]);
  await admin.with(EventsApi).deleteEvents([ids.hidden, ids.open]);
  await admin.with(BlogApi).deletePostsTagged(TAG);
  await admin.deleteCategories([ids.category]);
  await request.dispose();
});

/** The GET requests the page sends to `path` (an API address) from now on. */
function recordGets(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === path) seen.push(url.href);
  });
  return seen;
}

async function confirmDeletion(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Löschen?' });
  await dialog.getByRole('button', { name: 'Ja' }).click();
  await expect(dialog).toBeHidden();
}

const banner = (page: Page) => page.locator('.mantine-Notification-root');

test('member: a missing item shows one calm message on the page, no red banner', async ({ page }) => {
  await loginAs(page, 'mitglied', '/blog/999999');
  const missing: [string, string][] = [
    ['/blog/999999', 'Diesen Beitrag gibt es nicht oder er ist für Sie nicht sichtbar.'],
    ['/event/999999', 'Diese Veranstaltung gibt es nicht (mehr).'],
    [`/forum/${ids.forum}/thread/999999`, 'Dieses Thema gibt es nicht (mehr).'],
    ['/forum/999999', 'Dieses Forum gibt es nicht (mehr).'],
    ['/content/999999', 'Diese Seite gibt es nicht oder sie ist für Sie nicht sichtbar.'],
  ];
  for (const [path, text] of missing) {
    if (path !== '/blog/999999') await visitInApp(page, path);
    await expect(page.getByText(text, { exact: true }), path).toHaveCount(1);
    await expect(banner(page), path).toHaveCount(0);
  }
});

test('admin: /media/{missing} is calm too, and the two "Neue Kategorie" buttons name their tree', async ({
  page,
}) => {
  await loginAs(page, 'admin', '/media/999999');
  await expect(page.getByText('Diese Kategorie gibt es nicht (mehr).', { exact: true })).toHaveCount(1);
  await expect(banner(page)).toHaveCount(0);
  const media = page.getByRole('button', { name: 'Neue Kategorie der Mediathek', exact: true });
  const content = page.getByRole('button', { name: 'Neue Kategorie der Inhalte', exact: true });
  await expect(media).toHaveText('Neue Kategorie');
  await expect(content).toHaveText('Neue Kategorie');
  await media.click();
  await expect(page.getByRole('dialog', { name: 'Neue Kategorie' })).toBeVisible();
});

test('admin: a newly saved content item opens expanded', async ({ page }) => {
  await loginAs(page, 'admin', `/content/${ids.category}`);
  const title = `Neu gespeichert ${suffix}`;
  await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neuer Eintrag' });
  await sheet.getByRole('textbox', { name: 'Titel' }).fill(title);
  await sheet.getByRole('button', { name: 'Speichern' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: title, exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
});

test.describe('deleting a thread from its page', () => {
  let member: ForumsApi;
  let thread = 0;
  let name = '';

  test.beforeAll(async () => {
    member = await ForumsApi.as(request, 'mitglied');
  });

  // A thread of its own for each test: one of them deletes it.
  test.beforeEach(async () => {
    name = `Zu löschendes Thema ${uniqueSuffix()}`;
    thread = (await member.createThread(ids.forum, name, '<p>Text</p>')).id;
  });

  test('member: the thread page offers no deletion of the thread', async ({ page }) => {
    await loginAs(page, 'mitglied', `/forum/${ids.forum}/thread/${thread}`);
    await expect(page.getByRole('heading', { level: 1, name: name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Antworten' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thema löschen' })).toHaveCount(0);
  });

  test('admin: deletes it, lands on the forum and never asks for it again', async ({ page }) => {
    await loginAs(page, 'admin', `/forum/${ids.forum}/thread/${thread}`);
    await expect(page.getByRole('heading', { level: 1, name: name })).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/experience-thread-delete-desktop.png' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'docs/screenshots/experience-thread-delete-phone.png' });
    await page.getByRole('button', { name: 'Thema löschen' }).click();
    await expect(page.getByText(`Wollen Sie das Thema "${name}" wirklich löschen?`)).toBeVisible();
    const gets = recordGets(page, FORUM_API.thread(thread));
    await confirmDeletion(page);
    await expect(page).toHaveURL((url) => url.pathname === `/forum/${ids.forum}`);
    await expect(page.getByText('Das Thema wurde gelöscht.')).toBeVisible();
    await expectLoaded(page);
    await expect(page.getByRole('link', { name: name })).toHaveCount(0);
    expect(gets).toEqual([]);
  });
});

test('member: an event without answers shows no "Offen" badge', async ({ page }) => {
  await loginAs(page, 'mitglied', `/event/${ids.hidden}`);
  await expect(page.getByRole('heading', { level: 1, name: HIDDEN })).toBeVisible();
  await expect(page.getByText('Offen', { exact: true })).toHaveCount(0);
  await visitInApp(page, '/event');
  await page.getByText('Liste', { exact: true }).click();
  const hidden = page.getByRole('listitem').filter({ hasText: HIDDEN });
  const open = page.getByRole('listitem').filter({ hasText: OPEN });
  await expect(open.getByText('Offen', { exact: true })).toBeVisible();
  await expect(hidden).toBeVisible();
  await expect(hidden.getByText('Offen', { exact: true })).toHaveCount(0);
});

test('admin: deleted posts and events are not fetched again', async ({ page }) => {
  const title = `Gleich gelöscht ${suffix}`;
  const post = await admin.with(BlogApi).createPost({ title, tags: [TAG] });
  const event = await admin.with(EventsApi).createEvent({
    name: `Gleich abgesagt ${suffix}`,
    start: new Date(Date.now() + DAY),
    end: new Date(Date.now() + DAY + HOUR),
  });

  await loginAs(page, 'admin', `/blog/${post}`);
  await page.getByRole('group', { name: title }).getByRole('button', { name: 'Löschen' }).click();
  const postGets = recordGets(page, BLOG_API.byId(post));
  await confirmDeletion(page);
  await expect(page).toHaveURL((url) => url.pathname === '/blog');
  await expectLoaded(page);
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  await visitInApp(page, `/event/${event}`);
  await expect(page.getByRole('heading', { level: 1, name: `Gleich abgesagt ${suffix}` })).toBeVisible();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  const eventGets = recordGets(page, EVENTS_API.byId(event));
  await confirmDeletion(page);
  await expect(page).toHaveURL((url) => url.pathname === '/event');
  await expectLoaded(page);
  expect(postGets).toEqual([]);
  expect(eventGets).toEqual([]);
});

test('admin: the editor chunk is loaded before "Neuer Beitrag" is pressed', async ({ page }) => {
  const editorChunks: number[] = [];
  page.on('request', (request) => {
    if (/\/assets\/rich-text-editor-[\w-]+\.js$/.test(request.url())) editorChunks.push(Date.now());
  });
  await loginAs(page, 'admin', '/blog');
  // Once the page is idle the chunk is asked for, with nothing pressed yet.
  await expect.poll(() => editorChunks.length, { timeout: LAZY_CHUNK_TIMEOUT }).toBeGreaterThan(0);
  const requestedBeforeClick = editorChunks.length;
  await page.getByRole('button', { name: 'Neuer Beitrag' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neuer Beitrag' });
  await expect(sheet.locator('[contenteditable="true"]').first()).toBeVisible();
  expect(requestedBeforeClick).toBeGreaterThan(0);
});
