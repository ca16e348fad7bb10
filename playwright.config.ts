/**
 * End-to-end tests: the real server, the system Chromium and a host website on another origin
 * (ARCHITECTURE §4 "Iframe"). The web app must be built first: `npm run test:e2e` and `npm test` do that.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium.ts';
import { APP_ORIGIN, HOST_ORIGIN, HOSTILE_ORIGIN } from './e2e/support/origins.ts';

const reuse = process.env.E2E_REUSE_SERVERS === '1';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // the WordPress plugin's test has a portal and a config of its own (playwright.wordpress.config.ts)
  testIgnore: 'wordpress/**',
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
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
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
