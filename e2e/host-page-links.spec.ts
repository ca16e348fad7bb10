/**
 * Issue 31, points 1 and 2. Every link the portal hands out (mails, 'Link kopieren') opens the host page with
 * the deep link (HOST_PAGE_URL is set for the e2e server), and so does a visit of the portal's own address
 * without a session. Inside the host page, the portal keeps its place in the host's address: a reload, a
 * bookmark or the back button return to the same portal page, and no login route or token ever shows there.
 */
import { expect, type Frame, type Page, test } from '@playwright/test';
import { ADMIN_API, BLOG_API } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { expectLoaded } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { openHostPage } from './support/embedded.ts';
import { ForumsApi } from './support/forums-api.ts';
import {
  APP_ORIGIN,
  APP_ORIGIN_WITHOUT_FORM,
  DEMO_PASSWORD,
  HOST_ORIGIN,
  HOST_PAGE_URL,
} from './support/origins.ts';
import { decodedBody, mailsTo } from './support/outbox.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const suffix = uniqueSuffix();
const GROUP = `Linkgruppe ${suffix}`;
const MEMBER = `linkleser-${suffix}`;
const MEMBER_EMAIL = `${MEMBER}@example.de`;
const NAMES = { post: `Eilnachricht ${suffix}`, forum: `Linkforum ${suffix}`, thread: `Linkthema ${suffix}` };
const REPLY = `Antwort mit Link ${suffix}`;
/** The worker sends a queued mail at once; the poll waits for the file it writes. */
const MAIL_TIMEOUT = 30_000;
const ids = { post: 0, forum: 0, thread: 0, group: 0 };
let admin: BlogApi;

test.beforeAll(async ({ playwright }) => {
  admin = await BlogApi.open(playwright.request, 'admin');
  // A group of its own, so that the breaking news mails this member only.
  const group = await admin.send('POST', ADMIN_API.groups, { data: { name: GROUP }, expect: 201 });
  ids.group = ((await group.json()) as { id: number }).id;
  const member = await ForumsApi.as(admin.request, MEMBER, {
    email: MEMBER_EMAIL,
    roles: ['ROLE_USER'],
    groups: [GROUP],
  });
  ids.post = await admin.createPost({ title: NAMES.post, groups: [GROUP] });
  ids.forum = await admin.with(ForumsApi).createForum(NAMES.forum);
  // The member writes the thread, so follows it: the admin's reply mails them.
  ids.thread = (await member.createThread(ids.forum, NAMES.thread, '<p>Wer weiß Rat?</p>')).id;
});

test.afterAll(async () => {
  if (ids.post) await admin.deletePosts([ids.post]);
  if (ids.forum) await admin.with(ForumsApi).deleteForums([ids.forum]);
  if (ids.group)
    await admin.send('DELETE', `${ADMIN_API.group(ids.group)}?confirm=true`, { expect: [204, 404] });
  await admin.with(AdminApi).eraseMembers([await admin.with(AdminApi).memberId(MEMBER)]);
  await admin.dispose();
});

/** The link after `label: ` in the member's newest mail whose body holds `marker`, once it is there. */
async function linkInMail(marker: string, label: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(MEMBER_EMAIL)).map(decodedBody).find((body) => body.includes(marker));
        link = new RegExp(`${label}: (\\S+)`).exec(mail ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: MAIL_TIMEOUT },
    )
    .not.toBe('');
  return link;
}

function heading(app: Frame | Page, name: string) {
  return app.getByRole('heading', { level: 1, name, exact: true });
}

function path(frame: Frame): string {
  const url = new URL(frame.url());
  return url.pathname + url.search;
}

/** The host page's deep link, as the address bar shows it; null without one. */
function deepLinkOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get('portal');
}

/** The association's website knows its member and asks for a login link (the test host page: `user=`). */
function asSignedInOnWebsite(link: string, username: string): string {
  const url = new URL(link);
  url.searchParams.set('user', username);
  return url.href;
}

test.describe('links the portal hands out open the host page', () => {
  test('should link breaking news to the post on the host page, which opens it, on a phone', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await admin.send('GET', BLOG_API.breakingNews(ids.post), { expect: 202 });
    const link = await linkInMail(NAMES.post, 'Zum Beitrag');
    expect(link).toBe(`${HOST_PAGE_URL}?portal=/blog/${ids.post}`);

    await page.goto(asSignedInOnWebsite(link, MEMBER));
    const { app } = await openedFrame(page);
    await expect(heading(app, NAMES.post)).toBeVisible({ timeout: APP_START_TIMEOUT });
    expect(path(app)).toBe(`/blog/${ids.post}`);
    await page.screenshot({ path: 'test-results/host-page-links-post-phone.png' });
  });

  test('should link a reply mail to the reply and the settings on the host page', async ({ page }) => {
    await admin.with(ForumsApi).reply(ids.thread, `<p>${REPLY}</p>`);
    const link = await linkInMail(REPLY, 'Zur Antwort');
    expect(link).toMatch(
      new RegExp(`^${HOST_PAGE_URL}\\?portal=/forum/${ids.forum}/thread/${ids.thread}%3Fpost%3D\\d+$`),
    );
    expect(await linkInMail(REPLY, 'Benachrichtigungen ändern')).toBe(
      `${HOST_PAGE_URL}?portal=/benachrichtigungen`,
    );

    await page.goto(asSignedInOnWebsite(link, MEMBER));
    const { app } = await openedFrame(page);
    await expect(app.getByText(REPLY)).toBeVisible({ timeout: APP_START_TIMEOUT });
    expect(new URL(app.url()).pathname).toBe(`/forum/${ids.forum}/thread/${ids.thread}`);
  });

  test("should copy a post's link that opens the host page, inside the frame", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: HOST_ORIGIN });
    const { app } = await openHostPage(page, { user: 'admin', portal: '/blog' });
    const article = app.getByRole('article').filter({ hasText: NAMES.post });
    // The admin is in no group of the post, but sees every post; the list's first page holds the newest.
    await expect(article).toBeVisible({ timeout: APP_START_TIMEOUT });
    await article.getByRole('button', { name: 'Link kopieren' }).click();
    await expect(app.getByText('Der Link wurde in die Zwischenablage kopiert.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${HOST_PAGE_URL}?portal=/blog/${ids.post}`,
    );
  });

  test("should send a visit of the portal's own address without a session to the host page, keeping the target", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const target = `/forum/${ids.forum}/thread/${ids.thread}`;
    await page.goto(`${APP_ORIGIN_WITHOUT_FORM}${target}`);
    await expect(page).toHaveURL(`${HOST_PAGE_URL}?portal=${target}`, { timeout: APP_START_TIMEOUT });
    // The test host page knows nobody: the frame asks for the password on the test origin.
    const { app } = await openedFrame(page);
    await app.getByLabel('Benutzername').fill('mitglied');
    await app.getByRole('textbox', { name: 'Passwort' }).fill(DEMO_PASSWORD);
    await app.getByRole('button', { name: 'Anmelden' }).click();
    await expect(heading(app, NAMES.thread)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await page.screenshot({ path: 'test-results/host-page-links-visit-phone.png', fullPage: true });
  });
});

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`should keep the portal's page in the host address for reload and back (${size})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    const { app } = await openHostPage(page, { user: 'mitglied', portal: `/forum/${ids.forum}` });
    await expect(heading(app, NAMES.forum)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect.poll(() => deepLinkOf(page)).toBe(`/forum/${ids.forum}`);

    await app.getByRole('link', { name: NAMES.thread }).click();
    await expect(heading(app, NAMES.thread)).toBeVisible();
    await expect.poll(() => deepLinkOf(page)).toBe(`/forum/${ids.forum}/thread/${ids.thread}`);
    expect(new URL(page.url()).searchParams.get('user')).toBe('mitglied');

    // A reload of the host page (a fresh login link from its server) opens the same portal page.
    await page.reload();
    const reloaded = await openedFrame(page);
    await expect(heading(reloaded.app, NAMES.thread)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expectLoaded(reloaded.app);

    // The browser's back button in the host page goes back in the frame; the address follows.
    const breadcrumbs = reloaded.app.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await breadcrumbs.getByRole('link', { name: 'Dashboard' }).click();
    await expect(heading(reloaded.app, 'Dashboard')).toBeVisible();
    await expect.poll(() => deepLinkOf(page)).toBeNull();
    await page.goBack();
    await expect(heading(reloaded.app, NAMES.thread)).toBeVisible();
    await expect.poll(() => deepLinkOf(page)).toBe(`/forum/${ids.forum}/thread/${ids.thread}`);
    await page.goForward();
    await expect(heading(reloaded.app, 'Dashboard')).toBeVisible();
    await expect.poll(() => deepLinkOf(page)).toBeNull();

    // Never a login route or a token in the host's address, though the frame passed through its login.
    addresses.push(page.url());
    expect(addresses.filter((address) => /login|token/i.test(decodeURIComponent(address)))).toEqual([]);
    expect(addresses.every((address) => address.startsWith(HOST_ORIGIN))).toBe(true);
  });
}

/** The portal's frame of the host page the browser is on, once the app has loaded in it. */
async function openedFrame(page: Page): Promise<{ app: Frame }> {
  const handle = await page.locator('iframe[title="Portal"]').elementHandle();
  const app = await handle?.contentFrame();
  if (!app) throw new Error('The host page shows no portal frame');
  await expect.poll(() => app.url(), { timeout: APP_START_TIMEOUT }).toMatch(new RegExp(`^${APP_ORIGIN}/`));
  return { app };
}
