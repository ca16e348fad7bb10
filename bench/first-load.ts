/**
 * npm run bench, the dashboard in headless Chromium against the built app (apps/web/dist, or `--dist`; issue 19
 * point 4), medians of 5:
 * - cold load from the host page: from the navigation to the association's page (whose server fetches a
 *   one-time login link, as the real one does; e2e/support/host-page.ts) until the dashboard has loaded inside
 *   the portal's frame, on an empty cache;
 * - in the app: from the click on 'Dashboard' in the navigation (on the news list) until it has loaded;
 * - on a slow network (800 ms latency, 40 KB/s, as Chromium's DevTools emulate it; issue 31 point 5): from the
 *   navigation to a one-time link until the frame's skeleton of index.html shows (its first contentful paint).
 * Loaded means the dashboard's heading and content are there and nothing is marked busy
 * (bench/support/first-screen.ts). Fails on a budget miss (PAGE_BUDGETS.dashboard).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, Frame, Page } from '@playwright/test';
import { createHostServer } from '../e2e/support/host-page.ts';
import { PAGE_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import {
  installScreenProbe,
  launchChromium,
  loginLink,
  REPO_ROOT,
  resetScreenProbe,
  screenShown,
  serveBuiltApp,
} from './support/first-screen.ts';
import { check } from './support/in-process-app.ts';
import { BENCH_API_KEY, freePort, median } from './support/server-process.ts';

const RUNS = 5;
const { values } = parseArgs({ options: { dist: { type: 'string' } } });
const dist = path.resolve(values.dist ?? path.join(REPO_ROOT, 'apps/web/dist'));

/** The portal's frame on the host page, once its document is the portal's. */
async function portalFrame(page: Page, appUrl: string): Promise<Frame> {
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(appUrl));
    if (frame) return frame;
    await page.waitForEvent('frameattached', { timeout: 10_000 }).catch(() => undefined);
  }
}

/** Host page navigation until the dashboard has loaded in the frame, on a fresh cache, in ms. */
async function coldLoadFromHost(browser: Browser, hostUrl: string, appUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await installScreenProbe(page);
    await page.goto(`${hostUrl}/?user=mitglied`, { waitUntil: 'commit' });
    const frame = await portalFrame(page, appUrl);
    const shown = await screenShown(frame, 'dashboard');
    // Both clocks are the machine's: the frame's time origin differs from the host page's.
    const started = await page.evaluate(() => performance.timeOrigin);
    return shown.at - started;
  } finally {
    await context.close();
  }
}

/** From the click on 'Dashboard' in the navigation, on the news list, until the dashboard has loaded, in ms. */
async function inAppNavigation(browser: Browser, appUrl: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const times: number[] = [];
  try {
    const page = await context.newPage();
    await installScreenProbe(page);
    await page.goto(await loginLink(appUrl, 'mitglied'), { waitUntil: 'commit' });
    await screenShown(page, 'dashboard');
    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (let run = 0; run < RUNS; run += 1) {
      await navigation.getByRole('link', { name: 'MarkenKreis-Info' }).click();
      await page.getByRole('heading', { level: 1, name: 'MarkenKreis-Info' }).waitFor();
      await page.waitForLoadState('networkidle');
      await resetScreenProbe(page);
      await navigation.getByRole('link', { name: 'Dashboard', exact: true }).click();
      const shown = await screenShown(page, 'dashboard');
      const clickedAt = await page.evaluate(() => window.benchClickAt ?? null);
      check(clickedAt !== null, 'the click on Dashboard was seen');
      times.push(shown.at - clickedAt);
    }
  } finally {
    await context.close();
  }
  return times;
}

/** Issue 31 point 5: the network the skeleton must show on within a second. */
const SLOW_NETWORK = {
  offline: false,
  latency: 800,
  downloadThroughput: 40 * 1024,
  uploadThroughput: 40 * 1024,
};

/** On the slow network, from the navigation to a one-time link until the skeleton shows, in ms. */
async function skeletonOnSlowNetwork(browser: Browser, appUrl: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', SLOW_NETWORK);
    await page.goto(await loginLink(appUrl, 'mitglied'), { waitUntil: 'commit' });
    await page.getByRole('progressbar', { name: 'Wird geladen' }).waitFor();
    const painted = await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false,
    );
    return Number(await painted.jsonValue());
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const hostPort = await freePort();
  const hostOrigin = `http://127.0.0.1:${hostPort}`;
  const app = await serveBuiltApp(dist, { hostOrigin });
  const server = createHostServer({ portalUrl: app.url, apiKey: BENCH_API_KEY });
  await new Promise<void>((resolve) => server.listen(hostPort, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    // One load first, so that the server's own first-request costs (file cache, JIT) are not measured.
    await coldLoadFromHost(browser, hostOrigin, app.url);
    const cold: number[] = [];
    for (let run = 0; run < RUNS; run += 1) cold.push(await coldLoadFromHost(browser, hostOrigin, app.url));
    const inApp = await inAppNavigation(browser, app.url);
    const slow: number[] = [];
    for (let run = 0; run < RUNS; run += 1) slow.push(await skeletonOnSlowNetwork(browser, app.url));
    const budget = PAGE_BUDGETS.dashboard;
    console.log(`Dashboard in Chromium (median of ${RUNS})`);
    console.table([
      {
        measure: 'cold load from the host page (one-time link) until the dashboard shows',
        ms: Math.round(median(cold)),
        runs: cold.map(Math.round).join(' '),
        budget: `≤ ${budget.coldFromHostMs}`,
      },
      {
        measure: "click on 'Dashboard' in the app until it shows",
        ms: Math.round(median(inApp)),
        runs: inApp.map(Math.round).join(' '),
        budget: `≤ ${budget.inAppMs}`,
      },
      {
        measure: 'slow network (800 ms, 40 KB/s): one-time link until the skeleton shows',
        ms: Math.round(median(slow)),
        runs: slow.map(Math.round).join(' '),
        budget: `≤ ${budget.slowNetworkSkeletonMs}`,
      },
    ]);
    reportMisses({
      'dashboard cold load from the host page': median(cold) > budget.coldFromHostMs,
      'dashboard in-app navigation': median(inApp) > budget.inAppMs,
      'skeleton on a slow network': median(slow) > budget.slowNetworkSkeletonMs,
    });
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.close();
  }
}

await main();
