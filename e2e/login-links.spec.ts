/**
 * Login links of someone else's account (issue 30): a member posts the one-time link of an account they
 * control and an admin clicks it; the host page's address carries one as its deep link; the login route's
 * remembered address names one. Nobody is signed in as that account without being asked: relative links to
 * the login route are text, the host page's address is only ever a deep link after the login, the
 * remembered address is compared as the router reads it, and a link of another account asks first.
 */
import { type APIRequestContext, expect, type Frame, type Page, test } from '@playwright/test';
import { API, FORUM_API } from '@portal/contract';
import { loginAs, loginLink, passwordField, reloadApp } from './support/auth.ts';
import { openHostPage } from './support/embedded.ts';
import { ForumsApi } from './support/forums-api.ts';
import { APP_ORIGIN, DEMO_PASSWORD } from './support/origins.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
/** The account the member controls; the host's API creates it with its first link. */
const OTHER = `zweitkonto-${suffix}`;

let request: APIRequestContext;
let admin: ForumsApi;
let forumId = 0;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ForumsApi.as(request, 'admin');
  forumId = await admin.createForum(`Anmeldelinks ${suffix}`);
});

test.afterAll(async () => {
  await admin.deleteForums([forumId]);
  await request.dispose();
});

/** A fresh one-time link of OTHER's account, as path and query (`/login?token=…`). */
async function otherLink(): Promise<string> {
  const link = new URL(await loginLink(request, OTHER, { roles: ['ROLE_USER'], groups: ['Mitglieder'] }));
  return link.pathname + link.search;
}

/** The app never exchanged the link's token: the server still does (a link is single-use). */
async function expectUnused(link: string): Promise<void> {
  const token = new URL(link, APP_ORIGIN).searchParams.get('token') ?? '';
  const response = await request.get(`${APP_ORIGIN}${API.login}?token=${encodeURIComponent(token)}`);
  expect(response.status(), 'the link was used by the app').toBe(200);
}

/** The top bar names the signed-in account. */
async function expectSignedInAs(page: Page | Frame, username: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expect(page.getByTitle('Angemeldet als', { exact: false })).toHaveAttribute(
    'title',
    `Angemeldet als ${username}`,
  );
}

function switchQuestion(page: Page) {
  return page.getByRole('dialog', { name: 'Zugang wechseln?' });
}

test.describe('a login link in a post', () => {
  test("an admin clicks a member's login links and stays signed in as admin", async ({ page }) => {
    // Three links, a login, a thread and a second tab: more than the default on a busy two-core machine.
    test.slow();
    const relative = await otherLink();
    const cased = (await otherLink()).replace('/login', '/Login');
    const absolute = `${APP_ORIGIN}${await otherLink()}`;
    const items = [
      [relative, 'Merkblatt'],
      [cased, 'Anlage'],
      [absolute, 'Merkblatt (PDF)'],
    ].map(([href, text]) => `<li><a href="${href}">${text}</a></li>`);
    const html = `<p>Bitte vor der Sitzung lesen:</p><ul>${items.join('')}</ul>`;
    const member = await ForumsApi.as(request, 'mitglied');
    const thread = await member.createThread(forumId, `Unterlagen ${suffix}`, html);
    // The server keeps the texts and drops the addresses that lead to the login route.
    expect(thread.posts[0]?.content).toContain('<li><a>Merkblatt</a></li><li><a>Anlage</a></li>');

    // The post as it was stored before that rule: the app makes plain text of such links.
    await page.route(
      (url) => url.pathname === FORUM_API.thread(thread.id),
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { posts: { content: string }[] };
        const first = body.posts[0];
        if (first) first.content = html;
        await route.fulfill({ response, json: body });
      },
    );
    await loginAs(page, 'admin', `/forum/${forumId}/thread/${thread.id}`);
    const post = page.getByRole('article', { name: 'Beitrag 1 von mitglied', exact: true });
    for (const text of ['Merkblatt', 'Anlage']) {
      await expect(post.locator('a', { hasText: new RegExp(`^${text}$`) })).toHaveCount(0);
      await post.getByText(text, { exact: true }).click();
    }
    await expect(page).toHaveURL(new RegExp(`/forum/${forumId}/thread/${thread.id}$`));
    await expectSignedInAs(page, 'admin');

    // The full address is a link to another site as far as the app knows: it opens a new tab, which asks.
    const opened = page.waitForEvent('popup');
    await post.getByRole('link', { name: 'Merkblatt (PDF)' }).click();
    const tab = await opened;
    const dialog = switchQuestion(tab);
    await expect(dialog).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(dialog).toContainText(`Sie sind als admin angemeldet. Als ${OTHER} fortfahren?`);
    await expect(dialog.getByRole('button', { name: 'Nein' })).toBeFocused();
    expect(new URL(tab.url()).search).toBe('');
    await tab.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(tab).toHaveURL(/\/dashboard$/);
    await expectSignedInAs(tab, 'admin');

    await reloadApp(page);
    await expectSignedInAs(page, 'admin');
    await expectUnused(relative);
    await expectUnused(cased);
  });

  test("a member who answers 'Ja' continues as the link's account", async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.goto(await otherLink());
    const dialog = switchQuestion(page);
    await expect(dialog).toContainText(`Sie sind als mitglied angemeldet. Als ${OTHER} fortfahren?`, {
      timeout: APP_START_TIMEOUT,
    });
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectSignedInAs(page, OTHER);
    await reloadApp(page);
    await expectSignedInAs(page, OTHER);
  });

  test('a login link of the signed-in account continues without a question', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.goto(await loginLink(request, 'mitglied'));
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expectSignedInAs(page, 'mitglied');
    await expect(switchQuestion(page)).toHaveCount(0);
  });
});

test.describe('a login link in the host page address', () => {
  test('signs the frame in as nobody, also in another spelling', async ({ page }) => {
    const link = await otherLink();
    // embed.js reads ?portal=/login%3Ftoken%3D… from the host page's address
    const { app } = await openHostPage(page, { portal: link });
    await expect(app.getByRole('button', { name: 'Anmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(app.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
    expect(new URL(app.url()).pathname).toBe('/login');

    const cased = (await otherLink()).replace('/login', '/Login');
    const embedded = await openHostPage(page, { user: 'mitglied', portal: cased });
    await expectSignedInAs(embedded.app, 'mitglied');
    await expect.poll(() => new URL(embedded.app.url()).pathname).toBe('/dashboard');

    await expectUnused(link);
    await expectUnused(cased);
  });
});

test.describe('a login link as the remembered address', () => {
  test('leads a signed-in admin to the dashboard, still as admin', async ({ page }) => {
    await loginAs(page, 'admin');
    const cased = (await otherLink()).replace('/login', '/Login');
    await page.goto(`/login?request=${encodeURIComponent(cased)}`);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expectSignedInAs(page, 'admin');

    // The admin's own login link, with a remembered address the browser would resolve to the login route.
    const dotted = (await otherLink()).replace('/login', '/foo/../login');
    const own = new URL(await loginLink(request, 'admin'));
    own.searchParams.set('request', dotted);
    await page.goto(own.href);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expectSignedInAs(page, 'admin');

    await expectUnused(cased);
    await expectUnused(dotted);
  });

  test('leads a visitor who logs in to the dashboard of their own account', async ({ page }) => {
    const cased = (await otherLink()).replace('/login', '/Login');
    await page.goto(`/login?request=${encodeURIComponent(cased)}`);
    await page.getByLabel('Benutzername').fill('mitglied');
    await passwordField(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expectSignedInAs(page, 'mitglied');
    await expectUnused(cased);
  });
});
