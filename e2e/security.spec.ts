/**
 * Hostile links in member-written HTML (issue 12): a member posts links whose dot segments a browser resolves
 * only after the web app has put `/mediaLibrary/` in front (`/%2e%2e/api/blog/sendAsBreakingNews/3.`). When an
 * admin clicks them, no request may reach the API: the server drops such links on save, the web app makes plain
 * text of them where they were stored earlier, and its API client refuses to send a path that normalises away.
 */
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { BLOG_API, FORUM_API, NOTIFICATION_CENTRE_API } from '@portal/contract';
import { loginAs } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { DAY, EventsApi } from './support/events-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { APP_ORIGIN } from './support/origins.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const FORUM = `Sicherheit ${suffix}`;
const TAG = `sicherheit-${suffix}`;
/** The demo media file: a legitimate relative link, which must still download. */
const REAL_FILE = 'Dokumente/Merkblatt.pdf';
const REAL_LINK = 'Merkblatt DIN 18008 (echt)';

let request: APIRequestContext;
let admin: ForumsApi;
let blog: BlogApi;
let events: EventsApi;
let forumId = 0;
let postId = 0;
let eventId = 0;

/** The hostile links: visible text and address. */
function hostileLinks(): Array<[string, string]> {
  return [
    ['Merkblatt.pdf', `/%2e%2e/api/blog/sendAsBreakingNews/${postId}.`],
    ['Teilnehmerliste.csv', `/%2E%2E/api/eventSubscription/participantsAsCsv/${eventId}.`],
    ['Preisliste.pdf', `%2e%2e/%2e%2e/api/blog/sendAsBreakingNews/${postId}.`],
    ['Normen.pdf', `/.%2e/api/blog/sendAsBreakingNews/${postId}.`],
    ['Anlage.pdf', `/%252e%252e/api/blog/sendAsBreakingNews/${postId}.`],
    ['Mediathek.pdf', `/mediaLibrary/%2e%2e/api/blog/sendAsBreakingNews/${postId}.`],
    ['Protokoll.pdf', `/a%5c..%5c..%5capi/blog/sendAsBreakingNews/${postId}.`],
    ['Teilnehmer.csv', `/a/../../api/eventSubscription/participantsAsCsv/${eventId}.`],
  ];
}

function postHtml(): string {
  const items = hostileLinks().map(([text, href]) => `<li><a href="${href}">${text}</a></li>`);
  return (
    '<p>Liebe Kolleginnen und Kollegen, anbei die Unterlagen zur Sitzung:</p>' +
    `<ul>${items.join('')}<li><a href="${REAL_FILE}">${REAL_LINK}</a></li></ul>`
  );
}

function firstPost(page: Page): Locator {
  return page.getByRole('article', { name: 'Beitrag 1 von mitglied', exact: true });
}

/** Each hostile link shows as its text, in no `<a>` at all (one without address still looks like a link). */
async function expectPlainText(post: Locator): Promise<void> {
  for (const [text] of hostileLinks()) {
    await expect(post.getByText(text, { exact: true })).toBeVisible();
    await expect(post.locator('a', { hasText: text })).toHaveCount(0);
  }
}

/** Every request of the browser context from now on (pages, popups, fetches), as paths with their query. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.context().on('request', (sent: Request) => {
    const url = new URL(sent.url());
    // The app's own chunks load on their schedule: the search field and the dialogs after the first screen.
    if (url.origin === APP_ORIGIN && url.pathname.startsWith('/assets/')) return;
    // So does the bell's count: once a minute and whenever the tab gets the focus back (issue 37).
    if (url.origin === APP_ORIGIN && url.pathname === NOTIFICATION_CENTRE_API.count) return;
    seen.push(url.origin === APP_ORIGIN ? `${url.pathname}${url.search}` : url.href);
  });
  return seen;
}

/** Clicks every hostile link text, then the real link, whose download shows that the clicks were handled. */
async function clickAll(page: Page, post: Locator): Promise<void> {
  for (const [text] of hostileLinks()) {
    await post.getByText(text, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/forum/${forumId}/thread/\\d+$`));
  }
  const download = page.waitForEvent('download');
  await post.getByRole('link', { name: REAL_LINK }).click();
  expect((await download).suggestedFilename()).toBe('Merkblatt DIN 18008.pdf');
}

function expectOnlyTheRealDownload(requests: readonly string[]): void {
  expect(requests.filter((path) => /sendAsBreakingNews|participantsAsCsv/i.test(path))).toEqual([]);
  expect(requests).toEqual([`/mediaLibrary/${REAL_FILE}`]);
}

/** The server queued no breaking news for the post: the path the browser would have sent is refused too. */
async function expectNoBreakingNews(): Promise<void> {
  const normalised = await blog.get(BLOG_API.breakingNews(`${postId}.`), { expect: 400 });
  expect(normalised).toEqual({
    detail: 'Die ID muss eine positive ganze Zahl sein.',
    errors: { id: 'Die ID muss eine positive ganze Zahl sein.' },
  });
}

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ForumsApi.as(request, 'admin');
  blog = admin.with(BlogApi);
  events = admin.with(EventsApi);
  postId = await blog.createPost({ title: `Ziel ${suffix}`, tags: [TAG] });
  const start = new Date(Date.now() + 30 * DAY);
  eventId = await events.createEvent({
    name: `Sitzung ${suffix}`,
    start,
    end: new Date(start.getTime() + 2 * 60 * 60 * 1000),
  });
  forumId = await admin.createForum(FORUM, '<p>Ein Forum nur für diesen Testlauf.</p>');
});

test.afterAll(async () => {
  await admin.deleteForums([forumId]);
  await blog.deletePosts([postId]);
  await events.deleteEvents([eventId]);
  await request.dispose();
});

test.describe('hostile links in a forum post', () => {
  test('the server keeps their text and drops their address', async () => {
    const member = await ForumsApi.as(request, 'mitglied');
    const thread = await member.createThread(forumId, `Unterlagen ${suffix}`, postHtml());
    const content = thread.posts[0]?.content ?? '';
    for (const [text] of hostileLinks()) expect(content).toContain(`<a>${text}</a>`);
    expect(content).toContain(`<a href="${REAL_FILE}">${REAL_LINK}</a>`);
    expect(content).not.toMatch(/%2e|%5c|\.\.\//i);
  });

  test('an admin clicks them and no request reaches the API', async ({ page }) => {
    // Two logins, a thread and nine clicks: more than the default 30 s on a busy two-core machine.
    test.slow();
    const member = await ForumsApi.as(request, 'mitglied');
    const thread = await member.createThread(forumId, `Sitzungsunterlagen ${suffix}`, postHtml());
    await loginAs(page, 'admin');
    await page.goto(`/forum/${forumId}/thread/${thread.id}`);
    const post = firstPost(page);
    await expect(post.getByRole('link', { name: REAL_LINK })).toBeVisible();
    await expectPlainText(post);
    await post.screenshot({ path: 'docs/screenshots/security-hostile-link.png' });

    const requests = recordRequests(page);
    await clickAll(page, post);
    expectOnlyTheRealDownload(requests);
    await expectNoBreakingNews();
  });

  test('links stored before the server dropped them are plain text in the app', async ({ page }) => {
    test.slow();
    const member = await ForumsApi.as(request, 'mitglied');
    const thread = await member.createThread(forumId, `Alte Unterlagen ${suffix}`, '<p>Platzhalter</p>');
    // The thread as an older version stored it: the hostile addresses unchanged in the post's HTML.
    const threadPath = FORUM_API.thread(thread.id);
    await page.route(
      (url) => url.pathname === threadPath,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { posts: { content: string }[] };
        const first = body.posts[0];
        if (first) first.content = postHtml();
        await route.fulfill({ response, json: body });
      },
    );
    await loginAs(page, 'admin');
    await page.goto(`/forum/${forumId}/thread/${thread.id}`);
    const post = firstPost(page);
    await expect(post.getByRole('link', { name: REAL_LINK })).toBeVisible();
    await expectPlainText(post);

    const requests = recordRequests(page);
    await clickAll(page, post);
    expectOnlyTheRealDownload(requests);
    await expectNoBreakingNews();
  });
});
