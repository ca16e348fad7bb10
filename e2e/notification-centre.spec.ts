/**
 * Issue 37 point 5 in the browser: the bell in the top bar. Member B is mentioned by A, gets a reply in the
 * thread B started (and so follows) and a reaction to their post (all made through the API as A); B sees the
 * count, opens the list, opens the mention at its post and marks all read. A circular to confirm and an
 * event B answered that moved come as notifications, seen embedded at 360 px. The count is asked once a
 * minute, not while the tab is hidden, at once when it is back (Playwright's clock). axe on the open list.
 */
import { type APIRequestContext, expect, type Frame, type Locator, type Page, test } from '@playwright/test';
import { APP_PATHS } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { expectLoaded, loginAs } from './support/auth.ts';
import { violations } from './support/axe.ts';
import { BlogApi } from './support/blog-api.ts';
import { openHostPage } from './support/embedded.ts';
import { DAY, EventsApi } from './support/events-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { NotificationCentreApi } from './support/notification-centre-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const ANNA = `glocke-anna-${suffix}`;
const BERND = `glocke-bernd-${suffix}`;
const ANNA_NAME = 'Anna Albers';
const BERND_NAME = 'Bernd Berger';
const THREAD = `Glockenfrage ${suffix}`;
const TAG = `glocke-${suffix}`;
const CIRCULAR = `Rundschreiben zur Glocke ${suffix}`;
const EVENT = `Glockentreffen ${suffix}`;
const SHOTS = 'docs/screenshots';
const PHONE = { width: 360, height: 740 };
const COUNT_PATH = '/api/notifications/count';

let request: APIRequestContext;
let admin: ForumsApi;
let anna: ForumsApi;
let bernd: NotificationCentreApi;
let forumId = 0;
let threadId = 0;
let mentionPostId = 0;
let eventId = 0;
const memberIds: number[] = [];

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ForumsApi.as(request, 'admin');
  anna = await ForumsApi.as(request, ANNA, {
    firstName: 'Anna',
    lastName: 'Albers',
    roles: ['ROLE_USER'],
    groups: ['Mitglieder'],
  });
  // with an address: the server tells of event changes those it mails them to
  const berndForums = await ForumsApi.as(request, BERND, {
    email: `bernd-${suffix}@example.de`,
    firstName: 'Bernd',
    lastName: 'Berger',
    roles: ['ROLE_USER'],
    groups: ['Mitglieder'],
  });
  bernd = berndForums.with(NotificationCentreApi);
  const members = admin.with(AdminApi);
  const berndId = await members.memberId(BERND);
  memberIds.push(await members.memberId(ANNA), berndId);

  forumId = await admin.createForum(`Glockenforum ${suffix}`);
  // Bernd starts the thread: he follows it. Anna answers, mentions him in a second answer, thanks him.
  const thread = await berndForums.createThread(forumId, THREAD, '<p>Wer kennt sich mit VSG aus?</p>');
  threadId = thread.id;
  const first = thread.posts[0];
  if (!first) throw new Error('Das Thema hat keinen Beitrag');
  await anna.reply(threadId, '<p>Ich schaue es mir an.</p>');
  mentionPostId = await anna.reply(
    threadId,
    `<p>Frag doch <a href="/personen/${berndId}" data-mention="${berndId}">@${BERND_NAME}</a> nach den Maßen.</p>`,
  );
  await anna.with(NotificationCentreApi).react(first.id, 'thanks');
});

test.afterAll(async () => {
  await admin.deleteForums([forumId]);
  await admin.with(BlogApi).deletePostsTagged(TAG);
  if (eventId) await admin.with(EventsApi).deleteEvents([eventId]);
  await admin.with(AdminApi).eraseMembers(memberIds);
  await request.dispose();
});

test.describe.configure({ mode: 'serial' });

function bell(scope: Page | Frame): Locator {
  return scope.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ });
}

function list(scope: Page | Frame): Locator {
  return scope.getByRole('dialog', { name: 'Benachrichtigungen' });
}

test('a member sees the count, opens the mention at its post and marks all read', async ({ page }) => {
  const items = await bernd.list();
  const kinds = items.map((item) => item.kind);
  expect(kinds).toEqual(expect.arrayContaining(['mention', 'reply', 'reaction']));
  const unread = await bernd.unread();
  expect(unread).toBeGreaterThanOrEqual(3);

  await loginAs(page, BERND);
  await expect(bell(page)).toHaveAccessibleName(`Benachrichtigungen, ${unread} ungelesen`);
  await expect(page.getByRole('banner').getByText(String(unread), { exact: true })).toBeVisible();

  await bell(page).click();
  const panel = list(page);
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  for (const item of items)
    await expect(panel.getByRole('link', { name: item.text })).toContainText(`Ungelesen: ${item.text}`);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/notification-centre-desktop.png` });

  const mention = items.find((item) => item.kind === 'mention');
  if (!mention) throw new Error('Keine Erwähnung');
  await panel.getByRole('link', { name: mention.text }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === APP_PATHS.thread(forumId, threadId));
  await expect(page).toHaveURL(new RegExp(`post=${mentionPostId}`));
  await expect(page.getByRole('article', { name: `Beitrag 3 von ${ANNA_NAME}` })).toBeInViewport();
  await expect(bell(page)).toHaveAccessibleName(`Benachrichtigungen, ${unread - 1} ungelesen`);

  // By keyboard: Enter opens, the mention is read now, 'Alle als gelesen markieren' empties the count.
  await bell(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeFocused();
  await expect(panel.getByRole('link', { name: mention.text })).not.toContainText('Ungelesen');
  await panel.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
  await expect(bell(page)).toHaveAccessibleName('Benachrichtigungen');
  await expect(page.getByRole('banner').getByText(String(unread - 1), { exact: true })).toHaveCount(0);
  await expect(panel.getByText('Ungelesen:')).toHaveCount(0);
  expect(await bernd.unread()).toBe(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // 'Einstellungen' leads to the mail settings.
  await page.keyboard.press('Enter');
  await panel.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
});

test('a circular to confirm and a moved event show in the list, embedded at 360 px', async ({ page }) => {
  const blog = admin.with(BlogApi);
  const circularId = await blog.createPost({
    title: CIRCULAR,
    tags: [TAG],
    circular: true,
    confirmationRequired: true,
    confirmBy: new Date(Date.now() + 14 * DAY).toISOString().slice(0, 10),
  });
  const start = new Date(Date.now() + 10 * DAY);
  const event = { name: EVENT, start, end: new Date(start.getTime() + DAY / 4) };
  eventId = await admin.with(EventsApi).createEvent(event);
  await bernd.with(EventsApi).answer(eventId, true);
  await admin.with(NotificationCentreApi).moveEvent(eventId, event);
  const circular = await bernd.newest('circular');
  const moved = await bernd.newest('eventChange');

  await page.setViewportSize(PHONE);
  const { app, iframe } = await openHostPage(page, { user: BERND, portal: '/dashboard' });
  await expect(bell(app)).toHaveAccessibleName('Benachrichtigungen, 2 ungelesen', {
    timeout: APP_START_TIMEOUT,
  });
  await expectLoaded(app);
  // The member scrolls to the portal: its bar stays at the top of the window as the host page scrolls on.
  await iframe.evaluate((element) => element.scrollIntoView());
  await page.mouse.wheel(0, 200);
  await bell(app).click();
  const panel = list(app);
  await expect(panel.getByRole('link', { name: circular.text })).toBeVisible();
  await expect(panel.getByRole('link', { name: moved.text })).toBeVisible();
  // A sheet across the frame, right under the bar.
  const width = await app.evaluate(() => document.documentElement.clientWidth);
  const box = await panel.boundingBox();
  const frameBox = await page.locator('iframe[title="Portal"]').boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(width);
  expect(Math.round((box?.x ?? 0) - (frameBox?.x ?? 0))).toBe(0);
  expect(await violations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/notification-centre-phone.png` });

  await panel.getByRole('link', { name: circular.text }).click();
  await expect(app.getByRole('heading', { level: 1, name: CIRCULAR })).toBeVisible();
  expect(new URL(app.url()).pathname).toBe(APP_PATHS.post(circularId));
  await expect(bell(app)).toHaveAccessibleName('Benachrichtigungen, 1 ungelesen');
});

test("older notifications come a page at a time with 'Ältere laden'", async ({ page }) => {
  // 21 answers more: one notification each for Bernd, who follows the thread.
  await anna.replies(threadId, 21);
  const all = await bernd.all();
  expect(all.length).toBeGreaterThan(20);

  await loginAs(page, BERND);
  await bell(page).click();
  const panel = list(page);
  await expect(panel.getByRole('listitem')).toHaveCount(20);
  const older = page.waitForRequest((sent) => new URL(sent.url()).searchParams.has('before'));
  await panel.getByRole('button', { name: 'Ältere laden' }).click();
  expect(new URL((await older).url()).pathname).toBe('/api/notifications');
  await expect(panel.getByRole('listitem')).toHaveCount(all.length);
  await expect(panel.getByRole('button', { name: 'Ältere laden' })).toHaveCount(0);
  // newest first, down to the oldest
  await expect(panel.getByRole('listitem').first()).toContainText(all[0]?.text ?? '');
  await expect(panel.getByRole('listitem').last()).toContainText(all.at(-1)?.text ?? '');
});

test('the count is asked once a minute, never while the tab is hidden, and at once when it is back', async ({
  page,
}) => {
  await page.clock.install();
  let asked = 0;
  let answered = 0;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === COUNT_PATH) asked += 1;
  });
  page.on('requestfinished', (sent) => {
    if (new URL(sent.url()).pathname === COUNT_PATH) answered += 1;
  });
  await loginAs(page, BERND);
  await expect.poll(() => answered).toBe(1);
  // From here the page's time moves only as the test says; the next request is due a minute after the answer.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

  // Five minutes: one request a minute, none in between.
  for (let minute = 1; minute <= 5; minute += 1) {
    await page.clock.runFor(55_000);
    expect(asked).toBe(minute);
    await page.clock.runFor(5_000);
    await expect.poll(() => answered).toBe(minute + 1);
  }

  // Hidden for ten minutes: nothing; shown again: at once, then again a minute later.
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await page.clock.runFor(10 * 60_000);
  expect(asked).toBe(6);
  await setVisibility('visible');
  await expect.poll(() => answered).toBe(7);
  await page.clock.runFor(55_000);
  expect(asked).toBe(7);
  await page.clock.runFor(5_000);
  await expect.poll(() => answered).toBe(8);
});
