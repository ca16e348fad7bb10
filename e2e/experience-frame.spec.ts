/**
 * Issue 14, points 1, 3, 5 and 7: embedded navigation lands at the top of the new page, navigation follows
 * the role, deep links survive the login, and every page has its own tab title.
 */
import { expect, type Frame, type Locator, type Page, test } from '@playwright/test';
import { expectLoaded, loginAs, passwordField, visitInApp } from './support/auth.ts';
import { BlogApi } from './support/blog-api.ts';
import { ContentApi } from './support/content-api.ts';
import { expectFrameFitsContent, messagesIn, openHostPage, recordMessages } from './support/embedded.ts';
import { EventsApi, HOUR } from './support/events-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { MediaApi } from './support/media-api.ts';
import { DEMO_PASSWORD } from './support/origins.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const suffix = uniqueSuffix();
const NAMES = {
  event: `Rundgang ${suffix}`,
  post: `Rundschreiben ${suffix}`,
  forum: `Rundforum ${suffix}`,
  thread: `Rundthema ${suffix}`,
  category: `Rundseite ${suffix}`,
  media: `Rundordner ${suffix}`,
};
const ids = { event: 0, post: 0, forum: 0, thread: 0, category: 0, media: 0 };
let admin: ContentApi;

test.beforeAll(async ({ playwright }) => {
  admin = await ContentApi.open(playwright.request, 'admin');
  // Starts in ten minutes: among the dashboard's next three events while other specs add theirs.
  const events = admin.with(EventsApi);
  const start = new Date(Date.now() + 10 * 60_000);
  ids.event = await events.createEvent({ name: NAMES.event, start, end: new Date(start.getTime() + HOUR) });
  ids.post = await admin.with(BlogApi).createPost({
    title: NAMES.post,
    groups: ['Mitglieder', 'Partner'],
  });
  const forums = admin.with(ForumsApi);
  ids.forum = await forums.createForum(NAMES.forum);
  ids.thread = (await forums.createThread(ids.forum, NAMES.thread, '<p>Erster Beitrag</p>')).id;
  ids.category = await admin.createCategory({ name: NAMES.category });
  ids.media = await admin.with(MediaApi).createCategory(NAMES.media);
});

test.afterAll(async () => {
  await admin.with(EventsApi).deleteEvents([ids.event]);
  await admin.with(BlogApi).deletePosts([ids.post]);
  await admin.with(ForumsApi).deleteForums([ids.forum]);
  await admin.deleteCategories([ids.category]);
  await admin.dispose();
});

function hostScrollY(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(window.scrollY));
}

/** The top of `heading` in host-window coordinates: the iframe's top plus the heading's top in the frame. */
async function headingTopOnScreen(iframe: Locator, heading: Locator): Promise<number> {
  const frameTop = await iframe.evaluate((element) => element.getBoundingClientRect().top);
  const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
  return Math.round(frameTop + top);
}

/** The frame's top in host-window coordinates (negative: scrolled above the window). */
function frameTopOnScreen(iframe: Locator): Promise<number> {
  return iframe.evaluate((element) => Math.round(element.getBoundingClientRect().top));
}

function heading(app: Frame | Page, name: string): Locator {
  return app.getByRole('heading', { level: 1, name, exact: true });
}

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`embedded navigation at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('should land at the top of the new page and leave back to the browser', async ({ page }) => {
      await recordMessages(page);
      const { iframe, app } = await openHostPage(page, { user: 'mitglied' });
      await expect(heading(app, 'Dashboard')).toBeVisible({ timeout: APP_START_TIMEOUT });
      await expectLoaded(app);

      // The member scrolls the host page down to the next events, far below the frame's top.
      const link = app.getByRole('region', { name: 'Nächste Veranstaltungen' }).getByRole('link', {
        name: NAMES.event,
      });
      await link.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 200));
      expect(await frameTopOnScreen(iframe)).toBeLessThan(0);
      const scrollTosBefore = (await messagesIn(page, 'scrollTo')).length;
      await link.click();

      await expect.poll(() => new URL(app.url()).pathname).toBe(`/event/${ids.event}`);
      const title = heading(app, NAMES.event);
      await expect(title).toBeVisible();
      await expect.poll(() => headingTopOnScreen(iframe, title)).toBeGreaterThanOrEqual(0);
      const top = await headingTopOnScreen(iframe, title);
      expect(top).toBeLessThan(viewport.height);
      // The frame's own top (header, breadcrumbs) is at the top of the host window.
      expect(await frameTopOnScreen(iframe)).toBe(0);
      expect((await messagesIn(page, 'scrollTo')).length).toBeGreaterThan(scrollTosBefore);
      await expectLoaded(app);
      await expectFrameFitsContent(iframe, app);
      await page.screenshot({ path: `docs/screenshots/embedded-navigation-${size}.png` });

      // Back: the host page stays where the member has scrolled it; no scroll to the frame's top.
      await page.evaluate(() => window.scrollBy(0, 150));
      const scrolled = await hostScrollY(page);
      expect(await frameTopOnScreen(iframe)).toBeLessThan(0);
      const scrollTosBeforeBack = (await messagesIn(page, 'scrollTo')).length;
      // The browser's back button: one joint history for the host page and its frame.
      await app.evaluate(() => history.back());
      await expect(heading(app, 'Dashboard')).toBeVisible();
      await expectLoaded(app);
      await expectFrameFitsContent(iframe, app);
      expect(await hostScrollY(page)).toBe(scrolled);
      expect(await messagesIn(page, 'scrollTo')).toHaveLength(scrollTosBeforeBack);
    });

    test('should leave the host page alone when the new page top is in view', async ({ page }) => {
      await recordMessages(page);
      const { iframe, app } = await openHostPage(page, { user: 'mitglied', portal: `/event/${ids.event}` });
      await expect(heading(app, NAMES.event)).toBeVisible({ timeout: APP_START_TIMEOUT });
      await expectLoaded(app);
      const breadcrumb = app
        .getByRole('navigation', { name: 'Brotkrümelnavigation' })
        .getByRole('link', { name: 'Veranstaltungen' });
      await expect(breadcrumb).toBeInViewport();
      const before = await hostScrollY(page);
      const frameTop = await frameTopOnScreen(iframe);
      expect(frameTop).toBeGreaterThanOrEqual(0);
      expect(frameTop).toBeLessThan(viewport.height / 2);
      const scrollTos = (await messagesIn(page, 'scrollTo')).length;

      await breadcrumb.click();
      await expect.poll(() => new URL(app.url()).pathname).toBe('/event');
      await expect(heading(app, 'Veranstaltungen')).toBeVisible();
      await expectLoaded(app);
      await expectFrameFitsContent(iframe, app);
      expect(await hostScrollY(page)).toBe(before);
      expect(await messagesIn(page, 'scrollTo')).toHaveLength(scrollTos);
    });
  });
}

/** Internal addresses of every link on the screen (drawer, quick access, dashboard boxes, breadcrumbs). */
async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//'));
}

/** Pages a role may not open (SPEC §2 route table), as address patterns. */
const FORBIDDEN: Record<string, RegExp> = {
  partner: /^\/(content|event|forum|dienstleistungsangebote|media)(\/|\?|#|$)/,
  mitglied: /^\/media(\/|\?|#|$)/,
};

async function expandTree(page: Page): Promise<void> {
  const expandAll = page.getByRole('button', { name: 'Alle ausklappen' });
  if ((await expandAll.count()) > 0) await expandAll.click();
}

test.describe('navigation follows the role', () => {
  // Functions: the ids are known only once beforeAll has run.
  for (const [role, mustLinkTo] of [
    ['partner', () => ['/dashboard', '/blog']],
    ['mitglied', () => ['/event', '/forum', '/dienstleistungsangebote', `/content/${ids.category}`]],
    ['admin', () => ['/event', '/forum', '/media', `/content/${ids.category}`]],
  ] as const) {
    test(`should offer ${role} only links to pages of the role`, async ({ page }) => {
      await loginAs(page, role);
      await expandTree(page);
      const onDashboard = await internalLinks(page);
      if (role === 'partner') {
        await expect(page.getByRole('region', { name: 'Inhalte' })).toHaveCount(0);
        await page.screenshot({ path: 'docs/screenshots/navigation-partner-desktop.png', fullPage: true });
      }

      // A detail page adds breadcrumbs. (Other specs add posts at the same time, so this one need not be
      // among the dashboard's latest two.)
      await visitInApp(page, `/blog/${ids.post}`);
      await expect(heading(page, NAMES.post)).toBeVisible();
      await expandTree(page);
      const onPost = await internalLinks(page);

      const links = [...new Set([...onDashboard, ...onPost])];
      for (const to of mustLinkTo()) expect(links).toContain(to);
      const forbidden = FORBIDDEN[role];
      if (forbidden) expect(links.filter((href) => forbidden.test(href))).toEqual([]);
      if (role === 'partner') {
        await page.setViewportSize(PHONE);
        await page.getByRole('button', { name: 'Navigation öffnen' }).click();
        await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
        await page.screenshot({ path: 'docs/screenshots/navigation-partner-phone.png' });
      }
    });
  }
});

async function submitLoginForm(page: Page | Frame, username: string): Promise<void> {
  await page.getByLabel('Benutzername').fill(username);
  await passwordField(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

test.describe('deep links survive the login', () => {
  test('should open the address asked for after the login form', async ({ page }) => {
    await page.goto(`/event/${ids.event}?ansicht=1#beschreibung`);
    await expect(page).toHaveURL(/\/login\?request=/, { timeout: APP_START_TIMEOUT });
    await expect(page).toHaveTitle('Anmelden – Portal');
    await submitLoginForm(page, 'mitglied');
    await expect(page).toHaveURL(
      (url) => `${url.pathname}${url.search}${url.hash}` === `/event/${ids.event}?ansicht=1#beschreibung`,
      { timeout: APP_START_TIMEOUT },
    );
    await expect(heading(page, NAMES.event)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page).toHaveTitle(`${NAMES.event} – Portal`);
  });

  test('should send a partner to the dashboard from an address of a higher role', async ({ page }) => {
    await page.goto(`/event/${ids.event}`);
    await expect(page).toHaveURL(/\/login\?request=/, { timeout: APP_START_TIMEOUT });
    await submitLoginForm(page, 'partner');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expect(heading(page, 'Dashboard')).toBeVisible({ timeout: APP_START_TIMEOUT });
  });

  test('should open the host page deep link after the login in the frame', async ({ page }) => {
    // No login link from the host: the frame has no session and shows the login form first.
    const { app } = await openHostPage(page, { portal: `/forum/${ids.forum}/thread/${ids.thread}` });
    await expect(app.getByLabel('Benutzername')).toBeVisible({ timeout: APP_START_TIMEOUT });
    await submitLoginForm(app, 'mitglied');
    await expect(heading(app, NAMES.thread)).toBeVisible({ timeout: APP_START_TIMEOUT });
    expect(new URL(app.url()).pathname).toBe(`/forum/${ids.forum}/thread/${ids.thread}`);
  });

  test('should open the host page deep link with the host login link', async ({ page }) => {
    const { app } = await openHostPage(page, { user: 'mitglied', portal: `/content/${ids.category}` });
    await expect(heading(app, NAMES.category)).toBeVisible({ timeout: APP_START_TIMEOUT });
  });
});

test.describe('tab titles', () => {
  test('should name every page in the browser tab', async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    await expect(heading(page, 'Seite nicht gefunden')).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page).toHaveTitle('Seite nicht gefunden – Portal');

    await loginAs(page, 'admin');
    await expect(page).toHaveTitle('Dashboard – Portal');
    const drawer = page.getByRole('navigation', { name: 'Hauptnavigation' });
    // Each section's drawer link is named like its page.
    for (const title of [
      'MarkenKreis-Info',
      'FMK-Intern',
      'Veranstaltungen',
      'Foren',
      'Dienstleistungsangebote',
      'Mediathek',
    ]) {
      // The sections come before the category tree, which may link to the same page.
      await drawer.getByRole('link', { name: title, exact: true }).first().click();
      await expect(heading(page, title)).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
      await expect(page).toHaveTitle(`${title} – Portal`);
    }

    // Detail pages: the media category, the content page, the thread, the post and the event.
    await page.getByRole('link', { name: NAMES.media }).click();
    await expect(page).toHaveURL(new RegExp(`/media/${ids.media}$`));
    await expect(page).toHaveTitle(`${NAMES.media} – Mediathek – Portal`);

    await drawer.getByRole('link', { name: NAMES.category }).click();
    await expect(heading(page, NAMES.category)).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
    await expect(page).toHaveTitle(`${NAMES.category} – Portal`);

    await drawer.getByRole('link', { name: 'Foren', exact: true }).click();
    await page.getByRole('link', { name: NAMES.forum }).click();
    await expect(page).toHaveTitle(`${NAMES.forum} – Portal`);
    await page.getByRole('link', { name: NAMES.thread }).click();
    await expect(heading(page, NAMES.thread)).toBeVisible();
    await expect(page).toHaveTitle(`${NAMES.thread} – Portal`);

    // Other specs add posts and events meanwhile, so these need not be on the dashboard.
    await visitInApp(page, `/blog/${ids.post}`);
    await expect(heading(page, NAMES.post)).toBeVisible();
    await expect(page).toHaveTitle(`${NAMES.post} – Portal`);

    await visitInApp(page, `/event/${ids.event}`);
    await expect(heading(page, NAMES.event)).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
    await expect(page).toHaveTitle(`${NAMES.event} – Portal`);
  });
});
