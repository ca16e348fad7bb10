/**
 * End-to-end tests: the real server, the system Chromium and a host website on another origin
 * (ARCHITECTURE §4 "Iframe"). The web app must be built first: `npm run test:e2e` and `npm test` do that.
 */
import { defineConfig } from '@playwright/test';
import { APP_ORIGIN, HOST_ORIGIN, HOSTILE_ORIGIN } from './e2e/support/origins.ts';

/**
 * Playwright's default `--disable-features=…` list (playwright-core, chromiumSwitches.ts, 1.65.1). It turns
 * off ThirdPartyStoragePartitioning, which makes localStorage throw in a cross-site iframe; real browsers
 * partition instead. We drop Playwright's argument and pass the same list without that feature.
 * If Playwright changes its list, copy the new one here (grep ThirdPartyStoragePartitioning in
 * node_modules/playwright-core/lib); iframe.spec.ts fails loudly when storage is not partitioned.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
const disabledFeatures = PLAYWRIGHT_DISABLED_FEATURES.filter(
  (name) => name !== 'ThirdPartyStoragePartitioning',
);

/** The closed network makes Chromium hang on background connections without these. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${disabledFeatures.join(',')}`,
];

const reuse = process.env.E2E_REUSE_SERVERS === '1';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Two cores on CI; more workers only slow the shared server down.
  workers: Math.min(2, Number(process.env.E2E_WORKERS ?? 2)),
  reporter: 'list',
  // A bound for a hung test, not its expected time: most tests take 3 to 10 s on an idle machine, but on
  // the 2-core CI machine the server, two browsers and the other worker share the cores, and there a fresh
  // page alone (a browser context, the app's 500 kB entry chunk, the login) has taken 15 to 25 s. Steps
  // that are slow for a reason wait longer than the 10 s of `expect` (e2e/support/timeouts.ts).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  use: {
    baseURL: APP_ORIGIN,
    headless: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 800 },
    // No trace: recording one (a DOM snapshot per action, a screencast) made each test a third slower
    // (11 tests: 82 s with, 55 s without), and CI keeps no files to look at. A failure prints its error and
    // a screenshot; run a failing test again locally with `--trace on` to get its trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`],
    },
  },
  // One project: no spec waits for others. The tree specs drag a whole category tree while others delete
  // categories; they take turns through e2e/support/tree-lock.ts instead.
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      name: 'app',
      command: 'node e2e/support/start-server.ts',
      url: `${APP_ORIGIN}/api/health`,
      timeout: 120_000,
      reuseExistingServer: reuse,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
    {
      name: 'host',
      command: 'node e2e/support/serve-pages.ts host',
      url: `${HOST_ORIGIN}/health`,
      timeout: 20_000,
      reuseExistingServer: reuse,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      name: 'hostile',
      command: 'node e2e/support/serve-pages.ts hostile',
      url: `${HOSTILE_ORIGIN}/health`,
      timeout: 20_000,
      reuseExistingServer: reuse,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
