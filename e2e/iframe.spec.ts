import { expect, type Frame, type Page, test } from '@playwright/test';
import { expectLoaded } from './support/auth.ts';
import {
  contentHeight,
  expectFrameFitsContent,
  expectStableHeight,
  growContent,
  heightOf,
  messagesIn,
  openHostPage,
  recordMessages,
  visibleTop,
} from './support/embedded.ts';
import { APP_ORIGIN, HOST_ORIGIN, HOSTILE_ORIGIN } from './support/origins.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

/**
 * Waits until the app in the frame shows a member's screen and has loaded it (no skeletons left), so that
 * its height no longer changes by itself.
 */
async function expectMemberScreen(app: Frame): Promise<void> {
  await expect(app.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expectLoaded(app);
}

/** The third-party frame that the host page shows with ?third-party=1. */
async function thirdPartyFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('#third-party').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no third-party frame');
  await expect.poll(() => frame.url()).toBe(`${HOSTILE_ORIGIN}/third-party`);
  return frame;
}

/**
 * Sends forged messages from the third origin, then a marker to `marker` ('host' or 'portal'). Messages of
 * one sender to one window are delivered in order, so once the marker arrived the forged ones were handled.
 */
async function forge(third: Frame, target: 'host' | 'portal', messages: unknown[], markerIn: Page | Frame) {
  const before = (await messagesIn(markerIn, 'e2e-marker')).length;
  await third.evaluate(
    ({ target, messages }) => {
      const post = target === 'host' ? window.postToHost : window.postToPortal;
      for (const message of messages) post?.(message);
      post?.({ source: 'e2e', type: 'e2e-marker' });
    },
    { target, messages },
  );
  await expect.poll(async () => (await messagesIn(markerIn, 'e2e-marker')).length).toBe(before + 1);
}

test.describe('embedded in the host website', () => {
  test.beforeEach(async ({ page }) => {
    await recordMessages(page);
  });

  test('should log in by a one-time link inside the frame', async ({ page }) => {
    const { app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    await expect.poll(() => app.url()).toBe(`${APP_ORIGIN}/dashboard`);
  });

  test('should open a deep link of the host page after the login', async ({ page }) => {
    const { app } = await openHostPage(page, { user: 'mitglied', portal: '/event' });
    await expectMemberScreen(app);
    await expect.poll(() => app.url()).toBe(`${APP_ORIGIN}/event`);
  });

  test('should keep the session in the frame after a reload of the host page', async ({ page }) => {
    await openHostPage(page, { user: 'mitglied' });
    await expect(
      page.frameLocator('iframe[title="Portal"]').getByRole('button', { name: 'Abmelden' }),
    ).toBeVisible({ timeout: APP_START_TIMEOUT });
    const { app } = await openHostPage(page);
    await expectMemberScreen(app);
  });

  test('should size the frame to the content plus 150 px as it grows and shrinks', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    const initial = await expectFrameFitsContent(iframe, app);

    await growContent(app, 2000);
    const grown = await expectFrameFitsContent(iframe, app);
    expect(grown).toBeGreaterThanOrEqual(initial + 2000);

    await growContent(app, null);
    await expect.poll(() => heightOf(iframe)).toBe(initial);
    expect(initial - (await contentHeight(app))).toBe(150);
  });

  test('should keep the frame height stable once it fits', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    await expectStableHeight(iframe, await expectFrameFitsContent(iframe, app));
  });

  test('should keep the frame height stable on the login page', async ({ page }) => {
    const { iframe, app } = await openHostPage(page);
    // The form arrives in its own chunk: wait for the finished page, then the height must hold still.
    await expect(app.getByRole('button', { name: 'Anmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expectStableHeight(iframe, await expectFrameFitsContent(iframe, app));
  });

  test('should tell the app where the host shows it and follow scrolling', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    await growContent(app, 3000);
    await expectFrameFitsContent(iframe, app);
    const iframeTop = await iframe.evaluate(
      (element) => element.getBoundingClientRect().top + window.scrollY,
    );

    await expect.poll(() => visibleTop(app)).toBe('0px');
    await page.evaluate((y) => window.scrollTo(0, y), iframeTop + 1000);
    await expect.poll(() => visibleTop(app)).toBe('1000px');

    const viewports = await messagesIn(app, 'viewport');
    expect(viewports.every((message) => message.origin === HOST_ORIGIN)).toBe(true);
    expect(viewports.at(-1)?.data).toMatchObject({
      scrollY: iframeTop + 1000,
      iframeTop,
      viewportHeight: 800,
    });
  });

  test('should place a dialog in the part of the frame the host shows', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    await growContent(app, 3000);
    await expectFrameFitsContent(iframe, app);
    // Top of the page: the frame's centre (where a fixed dialog would otherwise go) is far below the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => visibleTop(app)).toBe('0px');

    await app.getByRole('button', { name: 'Abmelden' }).click();
    const dialog = app.getByRole('dialog', { name: 'Abmelden?' });
    await expect(dialog).toBeVisible();
    // boundingBox() is in the host window's coordinates; toBeInViewport() would only check the frame.
    const box = await dialog.boundingBox();
    const windowHeight = await page.evaluate(() => window.innerHeight);
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(windowHeight);
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeHidden();
  });

  test('should ignore viewport messages from a third origin', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied', 'third-party': '1' });
    await expectMemberScreen(app);
    await growContent(app, 3000);
    await expectFrameFitsContent(iframe, app);
    await expect.poll(() => visibleTop(app)).toBe('0px');
    const third = await thirdPartyFrame(page);

    await forge(
      third,
      'portal',
      [{ source: 'portal', type: 'viewport', scrollY: 2500, iframeTop: 0, viewportHeight: 300 }],
      app,
    );
    expect(await visibleTop(app)).toBe('0px');

    // The same message from the host origin is used.
    await page.evaluate((origin) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Portal"]');
      frame?.contentWindow?.postMessage(
        { source: 'portal', type: 'viewport', scrollY: 2500, iframeTop: 0, viewportHeight: 300 },
        origin,
      );
    }, APP_ORIGIN);
    await expect.poll(() => visibleTop(app)).toBe('2500px');
  });

  test('should ignore height and scroll messages from a third origin', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied', 'third-party': '1' });
    await expectMemberScreen(app);
    const height = await expectFrameFitsContent(iframe, app);
    const third = await thirdPartyFrame(page);

    await forge(
      third,
      'host',
      [
        { source: 'portal', type: 'height', height: 5000 },
        { source: 'portal', type: 'scrollTo', top: 400 },
      ],
      page,
    );
    expect(await heightOf(iframe)).toBe(height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('should scroll the host page when the app asks', async ({ page }) => {
    const { iframe, app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    await growContent(app, 2000);
    await expectFrameFitsContent(iframe, app);
    const iframeTop = await iframe.evaluate(
      (element) => element.getBoundingClientRect().top + window.scrollY,
    );

    await app.evaluate(
      (origin) => window.parent.postMessage({ source: 'portal', type: 'scrollTo', top: 600 }, origin),
      HOST_ORIGIN,
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(iframeTop + 600);
  });

  test('should shake hands again when the frame reloads', async ({ page }) => {
    const { app } = await openHostPage(page, { user: 'mitglied' });
    await expectMemberScreen(app);
    await expect.poll(async () => (await messagesIn(page, 'ready')).length).toBe(1);
    await expect.poll(async () => (await messagesIn(app, 'viewport')).length).toBeGreaterThan(0);

    await app.evaluate(() => window.location.reload());
    await expect
      .poll(async () => (await messagesIn(page, 'ready')).length, { timeout: APP_START_TIMEOUT })
      .toBe(2);
    // The recorder starts empty in the reloaded app: this viewport answered the second `ready`.
    await expect.poll(async () => (await messagesIn(app, 'viewport')).length).toBeGreaterThan(0);
    await expectMemberScreen(app);
  });

  test('should accept bridge messages on the host only from the portal origin', async ({ page }) => {
    await openHostPage(page, { user: 'mitglied' });
    await expect
      .poll(async () => (await messagesIn(page, 'height')).length, { timeout: APP_START_TIMEOUT })
      .toBeGreaterThan(0);
    const heights = await messagesIn(page, 'height');
    expect(heights.every((message) => message.origin === APP_ORIGIN)).toBe(true);
  });
});
