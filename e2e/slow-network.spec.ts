/**
 * Issue 31 point 5: on a slow network a skeleton of the frame shows at once instead of a white page until the
 * app's 500 KB have arrived. The skeleton is in index.html itself (no script: CSP script-src 'self'), and the
 * stylesheets come after it, so neither the styles nor the script hold it up. Timings: bench/first-load.ts.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { loginLink } from './support/auth.ts';
import { HOST_ORIGIN } from './support/origins.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const PHONE = { width: 360, height: 740 };
const ASSETS = /\/assets\/[^/]+\.(js|css)$/;

/** Holds back the app's scripts and stylesheets until `release` is called. */
async function holdAssets(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(ASSETS, async (route: Route) => {
    await released;
    await route.fallback();
  });
  return release;
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('should show the skeleton of the frame before the styles and the script have arrived', async ({
      page,
    }) => {
      const release = await holdAssets(page);
      await page.goto(await loginLink(page.request, 'mitglied'), { waitUntil: 'commit' });
      const skeleton = page.getByRole('progressbar', { name: 'Wird geladen' });
      await expect(skeleton).toBeVisible();
      await expect(skeleton.getByText('Portal', { exact: true })).toBeVisible();
      await page.screenshot({ path: `/tmp/forms-shots/skeleton-${device}.png` });

      release();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
        timeout: APP_START_TIMEOUT,
      });
      await expect(skeleton).toHaveCount(0);
    });

    test('should show the skeleton in the host page before the styles and the script have arrived', async ({
      page,
    }) => {
      const release = await holdAssets(page);
      // Not until 'load': the frame's held stylesheets and scripts keep the host page loading.
      await page.goto(`${HOST_ORIGIN}/?user=mitglied`, { waitUntil: 'commit' });
      const app = page.frameLocator('iframe[title="Portal"]');
      await expect(app.getByRole('progressbar', { name: 'Wird geladen' })).toBeVisible();
      await page.screenshot({ path: `/tmp/forms-shots/skeleton-embedded-${device}.png` });
      release();
      await expect(app.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
        timeout: APP_START_TIMEOUT,
      });
    });
  });
}

test('should show the skeleton on a slow network (800 ms, 40 KB/s) long before the app has arrived', async ({
  page,
}) => {
  test.slow(); // the app's scripts take about 20 s at 40 KB/s
  const arrived: string[] = [];
  page.on('requestfinished', (request) => {
    if (ASSETS.test(new URL(request.url()).pathname)) arrived.push(request.url());
  });
  const link = await loginLink(page.request, 'mitglied');
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  await network.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 800,
    downloadThroughput: 40 * 1024,
    uploadThroughput: 40 * 1024,
  });
  await page.goto(link, { waitUntil: 'commit' });
  await expect(page.getByRole('progressbar', { name: 'Wird geladen' })).toBeVisible();
  // Shown from the page alone: not one script or stylesheet had arrived yet.
  expect(arrived).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 90_000 });
});
