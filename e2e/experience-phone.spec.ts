/**
 * Issue 14, point 4: phones get a phone layout. At 360×740 no screen scrolls sideways, long German words
 * wrap, the calendar clips its event titles, the content item actions fit, the top bar stays reachable
 * (standalone and in the host page's frame) and the events start as a list until the member chooses.
 */
import { expect, type Frame, type Page, test } from '@playwright/test';
import { loginAs, visitInApp } from './support/auth.ts';
import { ContentApi } from './support/content-api.ts';
import { openHostPage } from './support/embedded.ts';
import { HOUR } from './support/events-api.ts';
import { csvFile, OneOfEach } from './support/one-of-each.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const suffix = uniqueSuffix();
/** One word of 74 letters: wider than a phone at any font size unless it breaks. */
const LONG = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenglasveredelungsrichtlinie';
const NAME = `${LONG} ${suffix}`;
const TAG = `Phone-${suffix}`;

const data = new OneOfEach({
  name: NAME,
  items: [
    {
      title: `${LONG} Erste Tabelle ${suffix}`,
      csv: csvFile(
        'Artikelnummer;Bezeichnung;Glasdicke;Format;Preis je Quadratmeter;Bemerkung',
        Array.from(
          { length: 30 },
          (_unused, row) =>
            `${1000 + row};Floatglas ${LONG};${4 + (row % 6)} mm;3210 x 6000;${20 + row},00 €;ab Lager`,
        ),
      ),
    },
    { title: `Zweiter Eintrag ${suffix}`, preText: `<p>${LONG}</p>` },
  ],
  post: { title: NAME, tags: [TAG] },
  event: { name: NAME, startsIn: HOUR },
  thread: { name: NAME, content: `<p>${LONG}</p>`, replies: 12 },
  media: { fixture: 'images/logo.png', name: `${LONG}.png` },
});
const { ids } = data;

let admin: ContentApi;

test.beforeAll(async ({ playwright }) => {
  admin = await ContentApi.open(playwright.request, 'admin');
  await data.create(admin);
});

test.afterAll(async () => {
  await data.remove(admin);
  await admin.dispose();
});

/** Neither the page nor its body is wider than the window; names the widest elements when it fails. */
async function expectNoSidewaysScroll(page: Page | Frame, screen: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    const wide = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > html.clientWidth + 1)
      .slice(0, 4)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 40)}`);
    return {
      html: html.scrollWidth - html.clientWidth,
      body: body.scrollWidth - body.clientWidth,
      wide: wide.join(' | '),
    };
  });
  expect(overflow.html, `${screen} scrolls sideways: ${overflow.wide}`).toBeLessThanOrEqual(0);
  expect(overflow.body, `${screen} body scrolls sideways: ${overflow.wide}`).toBeLessThanOrEqual(0);
}

test.describe('at 360 × 740', () => {
  test.use({ viewport: PHONE });

  test('admin: no screen scrolls sideways, long words wrap and the item actions fit', async ({ page }) => {
    test.slow(); // fifteen screens in one login
    await loginAs(page, 'admin', '/dashboard');
    await expectNoSidewaysScroll(page, 'dashboard');

    await visitInApp(page, '/blog');
    await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
    await expectNoSidewaysScroll(page, 'blog list');
    await visitInApp(page, `/blog/${ids.post}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expectNoSidewaysScroll(page, 'post detail');

    await visitInApp(page, `/content/${ids.category}`);
    const heading = page.getByRole('heading', { level: 1, name: NAME });
    await expect(heading).toBeVisible();
    // The long word breaks: the heading takes more than one line and stays inside the window.
    await expect.poll(async () => (await heading.boundingBox())?.height ?? 0).toBeGreaterThan(40);
    await expect
      .poll(async () => {
        const box = await heading.boundingBox();
        return box ? box.x + box.width : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByRole('table')).toBeVisible();
    // The item actions fit beside or below the title, and leave the title most of the width.
    for (const title of [`${LONG} Erste Tabelle ${suffix}`, `Zweiter Eintrag ${suffix}`]) {
      const actions = page.getByRole('group', { name: title });
      for (const name of ['Nach oben', 'Nach unten', 'Bearbeiten', 'Löschen']) {
        const button = await actions.getByRole('button', { name, exact: true }).boundingBox();
        expect(button?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((button?.x ?? 0) + (button?.width ?? PHONE.width)).toBeLessThanOrEqual(PHONE.width);
      }
      const control = await page.getByRole('button', { name: title, exact: true }).boundingBox();
      expect(control?.width ?? 0).toBeGreaterThan(250);
    }
    await expectNoSidewaysScroll(page, 'content page');
    await page.screenshot({ path: 'docs/screenshots/experience-content-phone.png' });

    await visitInApp(page, '/event');
    await expect(page.getByRole('radio', { name: 'Liste' })).toBeChecked();
    await expect(page.getByRole('link', { name: NAME }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'events list');
    await page.screenshot({ path: 'docs/screenshots/experience-events-list-phone.png' });
    await page.getByText('Kalender', { exact: true }).click();
    const block = page.locator('.portal-calendar-event', { hasText: NAME });
    await expect(block).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
    // The title is clipped with an ellipsis inside its day, never wider than the grid.
    expect(await block.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await block.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
    await expectNoSidewaysScroll(page, 'events calendar');
    await page.screenshot({ path: 'docs/screenshots/experience-calendar-phone.png' });

    await visitInApp(page, `/event/${ids.event}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expectNoSidewaysScroll(page, 'event detail');

    await visitInApp(page, '/forum');
    await expectNoSidewaysScroll(page, 'forums');
    await visitInApp(page, `/forum/${ids.forum}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expectNoSidewaysScroll(page, 'forum');
    await visitInApp(page, `/forum/${ids.forum}/thread/${ids.thread}`);
    // The forum's heading is NAME too: the thread has shown once its first post, the long word alone, is there.
    await expect(page.getByRole('main').getByText(LONG, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expectNoSidewaysScroll(page, 'thread');
    await page.screenshot({ path: 'docs/screenshots/experience-thread-phone.png' });

    await visitInApp(page, '/media');
    await expectNoSidewaysScroll(page, 'media library');
    await visitInApp(page, `/media/${ids.media}`);
    await expect(page.getByRole('link', { name: `${LONG}.png` }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'media category');
    await page.screenshot({ path: 'docs/screenshots/experience-media-phone.png' });

    await visitInApp(page, '/dienstleistungsangebote');
    await expectNoSidewaysScroll(page, 'service offerings');
    await visitInApp(page, '/benachrichtigungen');
    await expect(page.getByRole('radio', { name: 'Täglich' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'notification settings');
    await visitInApp(page, '/gibt-es-nicht');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, 'not found');
  });

  test('member: the login page fits, the events start as a list and the choice is kept', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expectNoSidewaysScroll(page, 'login');

    await loginAs(page, 'mitglied', '/event');
    await expect(page.getByRole('radio', { name: 'Liste' })).toBeChecked();
    await page.getByText('Kalender', { exact: true }).click();
    await expect(page.locator('.portal-calendar')).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Kalender' })).toBeChecked({ timeout: APP_START_TIMEOUT });
  });

  test('member: the top bar stays at the top of a long page', async ({ page }) => {
    await loginAs(page, 'mitglied', `/forum/${ids.forum}/thread/${ids.thread}`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const bar = page.getByRole('banner');
    await expect.poll(async () => (await bar.boundingBox())?.y).toBe(0);
    await expect(page.getByRole('button', { name: 'Abmelden' })).toBeInViewport({ ratio: 1 });
  });

  test('member in the host page: the top bar follows the host scrolling', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, {
      user: 'mitglied',
      portal: `/forum/${ids.forum}/thread/${ids.thread}`,
    });
    await expect(app.getByRole('heading', { level: 1, name: NAME })).toBeVisible({
      timeout: APP_START_TIMEOUT,
    });
    await expectNoSidewaysScroll(app, 'embedded thread');
    // Scroll the host page well into the frame: the bar's top meets the top of the host window.
    const frameTop = await iframe.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), frameTop + 1200);
    const barTop = async () => {
      const inFrame = await app.evaluate(() => document.querySelector('header')?.getBoundingClientRect().top);
      const frame = await iframe.evaluate((element) => element.getBoundingClientRect().top);
      return Math.round(frame + (inFrame ?? -9999));
    };
    await expect.poll(barTop).toBe(0);
    await expect(app.getByRole('button', { name: 'Abmelden' })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'docs/screenshots/experience-embedded-bar-phone.png' });
  });
});

test('admin at 1280 × 800: the same screens keep their desktop layout', async ({ page }) => {
  await loginAs(page, 'admin', `/content/${ids.category}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expectNoSidewaysScroll(page, 'content page');
  await page.screenshot({ path: 'docs/screenshots/experience-content-desktop.png' });
  await visitInApp(page, '/event');
  await expect(page.getByRole('radio', { name: 'Kalender' })).toBeChecked();
  await expect(page.locator('.portal-calendar-event', { hasText: NAME })).toBeVisible({
    timeout: LAZY_CHUNK_TIMEOUT,
  });
  await page.screenshot({ path: 'docs/screenshots/experience-calendar-desktop.png' });
  await visitInApp(page, `/forum/${ids.forum}/thread/${ids.thread}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/experience-thread-desktop.png' });
  await visitInApp(page, `/media/${ids.media}`);
  await expect(page.getByRole('link', { name: `${LONG}.png` }).first()).toBeVisible();
  await page.screenshot({ path: 'docs/screenshots/experience-media-desktop.png' });
});
