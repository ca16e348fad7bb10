import { expect, type Page, test } from '@playwright/test';
import { API } from '@portal/contract';
import { APP_ORIGIN, HOST_ORIGIN, HOSTILE_ORIGIN } from './support/origins.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

/** The frame created by an <iframe> element of the page. */
async function frameOf(page: Page, selector: string) {
  const frame = await page
    .locator(selector)
    .elementHandle()
    .then((handle) => handle?.contentFrame());
  if (!frame) throw new Error(`${selector} has no frame`);
  return frame;
}

test.describe('platform', () => {
  test('should report health', async ({ request }) => {
    const response = await request.get(API.health);
    expect(response.status()).toBe(200);
    // `mail` says what the worker saw of the relay: 'unknown' until this server has sent a mail.
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'up', storage: 'up', disk: 'ok' });
  });

  for (const path of ['/', '/login', API.health]) {
    test(`should send the security headers on ${path}`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const headers = response.headers();
      const csp = headers['content-security-policy'] ?? '';
      const directives = csp.split(';').map((directive) => directive.trim());
      expect(directives).toContain(`frame-ancestors 'self' ${HOST_ORIGIN}`);
      expect(directives).toContain("script-src 'self'");
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['x-frame-options']).toBeUndefined();
    });
  }

  test('should serve the SPA for deep links', async ({ request }) => {
    const response = await request.get('/blog/12');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<meta name="portal-settings"');
    expect(html).not.toContain('<!--portal-settings-->');
  });

  test('should serve embed.js as JavaScript', async ({ request }) => {
    const response = await request.get('/embed.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    // The host website loads it from another site.
    expect([undefined, 'cross-origin']).toContain(response.headers()['cross-origin-resource-policy']);
    // Our script, whose messages carry the portal's source tag (apps/web/src/lib/iframe-messages.ts).
    expect(await response.text()).toContain("const MESSAGE_SOURCE = 'portal';");
  });

  test('should answer an unknown API path with 404 and a German detail', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { detail?: unknown };
    expect(typeof body.detail).toBe('string');
    expect(body.detail).not.toBe('');
  });

  test('should let the host website frame the app', async ({ page }) => {
    await page.goto(HOST_ORIGIN);
    const frame = await frameOf(page, 'iframe[title="Portal"]');
    await expect
      .poll(() => frame.url(), { timeout: APP_START_TIMEOUT })
      .toMatch(new RegExp(`^${APP_ORIGIN}/`));
    await expect(frame.locator('body')).not.toBeEmpty();
  });

  test('should not let another origin frame the app', async ({ page }) => {
    const blocked = page.waitForResponse((response) => response.url() === `${APP_ORIGIN}/login`);
    await page.goto(`${HOSTILE_ORIGIN}/frame?path=/login`);
    // The app did answer, with a policy that forbids this parent; Chromium shows its error page instead.
    const response = await blocked;
    expect(response.headers()['content-security-policy']).toContain(`frame-ancestors 'self' ${HOST_ORIGIN}`);
    const frame = await frameOf(page, '#portal');
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
    // The forged viewport messages keep going to a frame that holds no app.
    await expect
      .poll(async () => Number(await page.locator('body').getAttribute('data-sent')))
      .toBeGreaterThan(1);
    expect(frame.url()).not.toContain(APP_ORIGIN);
    expect(await frame.locator('meta[name="portal-settings"]').count()).toBe(0);
  });

  // Guards the launch flags of playwright.config.ts: without them localStorage throws in the frame.
  test('should give the embedded app partitioned storage, as a real browser does', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('e2e-probe', 'top-level'));

    const host = await context.newPage();
    await host.goto(HOST_ORIGIN);
    const frame = await frameOf(host, 'iframe[title="Portal"]');
    await expect
      .poll(() => frame.url(), { timeout: APP_START_TIMEOUT })
      .toMatch(new RegExp(`^${APP_ORIGIN}/`));
    const seen = await frame.evaluate(() => {
      const before = localStorage.getItem('e2e-probe');
      localStorage.setItem('e2e-probe', 'embedded');
      return { before, after: localStorage.getItem('e2e-probe') };
    });
    expect(seen).toEqual({ before: null, after: 'embedded' });
    expect(await page.evaluate(() => localStorage.getItem('e2e-probe'))).toBe('top-level');
  });
});
