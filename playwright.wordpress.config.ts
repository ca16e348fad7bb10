/**
 * The WordPress plugin's end-to-end test (issue 38 point 1, e2e/wordpress/): Debian's WordPress on nginx +
 * php-fpm + MariaDB with the plugin installed from its zip (global-setup.ts), and a portal of its own whose
 * HOST_ORIGIN is the WordPress site, so that the site may frame it. `npm test` runs it as the step `wordpress`
 * when WordPress is installed; otherwise the step, and a direct run, print why they skip it.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium.ts';

const portalPort = process.env.WORDPRESS_PORTAL_PORT ?? '18592';
const sitePort = process.env.WORDPRESS_SITE_PORT ?? '18590';
// Read by e2e/support/origins.ts in the setup, the portal's start script and the workers: the portal on its
// port, the WordPress site as its host.
process.env.E2E_APP_PORT = portalPort;
process.env.E2E_HOST_PORT = sitePort;
process.env.WORDPRESS_SITE_PORT = sitePort;

export default defineConfig({
  testDir: './e2e/wordpress',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/wordpress/global-setup.ts',
  globalTeardown: './e2e/wordpress/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // The specs change the plugin's settings one after another: one worker.
  workers: 1,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/wordpress',
  use: {
    headless: true,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: { width: 1280, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: 'wordpress' }],
  webServer: [
    {
      name: 'portal',
      command: 'node e2e/support/start-server.ts',
      url: `http://localhost:${portalPort}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_APP_PORT: portalPort, E2E_HOST_PORT: sitePort },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    },
  ],
});
