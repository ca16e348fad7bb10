import { expect, type Page, type Request, test } from '@playwright/test';
import { API, CATEGORY_API } from '@portal/contract';
import { loginAs, loginLink, passwordField } from './support/auth.ts';
import { pauseClock } from './support/clock.ts';
import { DEMO_PASSWORD } from './support/origins.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const LOGIN_FAILED = 'Bei der Anmeldung ist ein Fehler aufgetreten';

function logoutButton(page: Page) {
  return page.getByRole('button', { name: 'Abmelden' });
}

async function submitLoginForm(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Benutzername').fill(username);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Collects the token refresh calls the page makes from now on. */
function recordRefreshCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === API.refresh) calls.push(request);
  });
  return calls;
}

test.describe('login', () => {
  test('should log in by a one-time link and drop the token from the address', async ({ page }) => {
    await page.goto(await loginLink(page.request, 'mitglied'));
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expect(logoutButton(page)).toBeVisible();
    expect(page.url()).not.toContain('token=');
  });

  test('should log in with the form on the test origin', async ({ page }) => {
    await page.goto('/login');
    await submitLoginForm(page, 'admin', DEMO_PASSWORD);
    // The password check, then the first screen behind the login with the frame's chunk.
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expect(logoutButton(page)).toBeVisible({ timeout: APP_START_TIMEOUT });
  });

  test('should show the failure message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await submitLoginForm(page, 'mitglied', 'falsches-passwort');
    await expect(page.getByText(LOGIN_FAILED)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page).toHaveURL(/\/login/);
  });

  test('should show the failure message for a used login link', async ({ page, browser }) => {
    const link = await loginLink(page.request, 'mitglied');
    await page.goto(link);
    await expect(logoutButton(page)).toBeVisible({ timeout: APP_START_TIMEOUT });

    const second = await browser.newContext();
    const other = await second.newPage();
    await other.goto(link);
    await expect(other.getByText(LOGIN_FAILED)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(logoutButton(other)).toHaveCount(0);
    await second.close();
  });
});

test.describe('route guard', () => {
  test('should send a visitor without a session to the login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/, { timeout: APP_START_TIMEOUT });
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  });

  test('should send a visitor without a session from a member page to the login', async ({ page }) => {
    await page.goto('/content/1');
    await expect(page).toHaveURL(/\/login/, { timeout: APP_START_TIMEOUT });
  });

  // SPEC §4: a missing role sends to login; there the partner learns why and finds the way back.
  test('should send a partner from a page that needs ROLE_USER to the login, which says why', async ({
    page,
  }) => {
    await loginAs(page, 'partner');
    await page.goto('/content/1');
    await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
    await expect(
      page.getByText('Für die aufgerufene Seite fehlt Ihnen die Berechtigung.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Zum Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: LAZY_CHUNK_TIMEOUT });
    await expect(logoutButton(page)).toBeVisible();
  });

  test('should show not-found for an unknown path', async ({ page }) => {
    await page.goto('/gibt-es-nicht');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible({
      timeout: APP_START_TIMEOUT,
    });
  });

  test('should show not-found for an unknown path to a member', async ({ page }) => {
    await loginAs(page, 'mitglied', '/auch/nicht/da');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  });

  test('should open the remembered address after the login form', async ({ page }) => {
    await page.goto('/login?request=/event');
    await submitLoginForm(page, 'mitglied', DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/event$/, { timeout: APP_START_TIMEOUT });
    await expect(logoutButton(page)).toBeVisible({ timeout: APP_START_TIMEOUT });
  });

  test('should open the remembered address after a login link', async ({ page }) => {
    const link = new URL(await loginLink(page.request, 'mitglied'));
    link.searchParams.set('request', '/event');
    await page.goto(link.href);
    await expect(page).toHaveURL(/\/event$/, { timeout: APP_START_TIMEOUT });
  });

  test('should send a logged-in member from the login page to the dashboard', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
  });
});

test.describe('session', () => {
  test('should restore the session after a reload', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.reload();
    await expect(logoutButton(page)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('should refresh an expired token once and use the new one', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.evaluate(() => localStorage.setItem('expires_at', String(Date.now() - 60_000)));
    const refreshCalls = recordRefreshCalls(page);
    const authorized: string[] = [];
    page.on('request', (request) => {
      const header = request.headers().authorization;
      if (header) authorized.push(header);
    });

    await page.reload();
    await expect(logoutButton(page)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect.poll(() => refreshCalls.length).toBe(1);
    const refreshed = (await (await refreshCalls[0]?.response())?.json()) as { token: string };
    expect(authorized.length).toBeGreaterThan(0);
    for (const header of authorized) expect(header).toMatch(new RegExp(`^bearer ${refreshed.token}$`, 'i'));
    expect(await page.evaluate(() => Number(localStorage.getItem('expires_at')))).toBeGreaterThan(Date.now());
  });

  test('should share one refresh between parallel requests', async ({ page }) => {
    await page.clock.install();
    // Hold the login's profile request while the page clock passes the client's token lifetime
    // (2,000,000 ms): the first screen then loads the drawer tree and the dashboard's quick access at once,
    // and both need a fresh token.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let profileRequested = false;
    await page.route('**/api/account/profile', async (route) => {
      profileRequested = true;
      await held;
      await route.continue();
    });
    const refreshCalls = recordRefreshCalls(page);
    const parallel: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === CATEGORY_API.tree || path === CATEGORY_API.quickAccess) parallel.push(request);
    });

    await page.goto(await loginLink(page.request, 'mitglied'));
    await expect.poll(() => profileRequested).toBe(true);
    await page.clock.fastForward('40:00');
    release();

    await expect(page).toHaveURL(/\/dashboard$/, { timeout: APP_START_TIMEOUT });
    await expect(
      page.getByRole('region', { name: 'Inhalte' }).getByRole('link', { name: 'Technik' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Schnellzugriff' }).getByRole('link', { name: 'Normen' }),
    ).toBeVisible();
    expect(refreshCalls).toHaveLength(1);
    const refreshed = (await (await refreshCalls[0]?.response())?.json()) as { token: string };
    expect(parallel.map((request) => new URL(request.url()).pathname).sort()).toEqual([
      CATEGORY_API.tree,
      CATEGORY_API.quickAccess,
    ]);
    for (const request of parallel) {
      expect(request.headers().authorization).toMatch(new RegExp(`^bearer ${refreshed.token}$`, 'i'));
      expect((await request.response())?.status()).toBe(200);
    }
  });

  test('should log out when the refresh fails', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.evaluate(() => {
      localStorage.setItem('expires_at', String(Date.now() - 60_000));
      localStorage.setItem('refresh_token', 'widerrufen');
    });
    const refreshCalls = recordRefreshCalls(page);

    await page.reload();
    await expect(page).toHaveURL(/\/login/, { timeout: APP_START_TIMEOUT });
    expect(refreshCalls).toHaveLength(1);
    expect(await (await refreshCalls[0]?.response())?.status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  });
});

test.describe('frame', () => {
  test('should keep the confirmation dialog open on backdrop clicks; Escape cancels it', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await logoutButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Abmelden?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ja' })).toBeVisible();

    await page.mouse.click(5, 790);
    await expect(dialog).toBeVisible();
    // Issue 31 point 4: Escape answers 'Nein'.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logoutButton(page).click();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logoutButton(page).click();
    await page.getByRole('dialog', { name: 'Abmelden?' }).getByRole('button', { name: 'Ja' }).click();
    // The login page comes in its own chunk.
    await expect(page).toHaveURL(/\/login/, { timeout: LAZY_CHUNK_TIMEOUT });
  });

  test('should show the confirmation dialog 290 px wide', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await logoutButton(page).click();
    const box = await page.getByRole('dialog', { name: 'Abmelden?' }).boundingBox();
    expect(box?.width).toBe(290);
  });

  test('should hide a message banner after 5 seconds', async ({ page }) => {
    await page.clock.install();
    await loginAs(page, 'mitglied');
    await logoutButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Abmelden?' });
    await expect(dialog).toBeVisible();
    // From here the page's clock moves only by hand, 100 ms at a time until the banner shows: then it has
    // shown for at most 0.1 s, however long the busy machine took to get there (the login page, which
    // shows it, comes in its own chunk).
    await pauseClock(page);
    await dialog.getByRole('button', { name: 'Ja' }).click();
    const banner = page.getByText('Sie wurden abgemeldet.');
    await expect
      .poll(
        async () => {
          await page.clock.runFor(100);
          return banner.isVisible();
        },
        { timeout: LAZY_CHUNK_TIMEOUT },
      )
      .toBe(true);

    // 4 s in, the banner shows; 5.5 s in, it has gone.
    await page.clock.runFor(4_000);
    await expect(banner).toBeVisible();
    await page.clock.runFor(1_500);
    await page.clock.resume();
    await expect(banner).toBeHidden();
  });
});
