import { type APIRequestContext, expect, type Frame, type Locator, type Page } from '@playwright/test';
import { APP_ORIGIN, EXTERNAL_API_KEY } from './origins.ts';
import { APP_START_TIMEOUT } from './timeouts.ts';

/** Optional member data the host's server may send along (creates or updates the member). */
export interface TLoginLinkExtras {
  email?: string;
  /** issue 36 point 6: the member's name as the host's server sends it */
  firstName?: string;
  lastName?: string;
  company?: string;
  roles?: string[];
  groups?: string[];
}

/** A fresh one-time login link, asked for as the host website's server does (API key). */
export async function loginLink(
  request: APIRequestContext,
  username: string,
  extras: TLoginLinkExtras = {},
): Promise<string> {
  const response = await request.post(`${APP_ORIGIN}/external/generate/login`, {
    headers: { authorization: `Bearer ${EXTERNAL_API_KEY}` },
    data: { username, ...extras },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { link } = (await response.json()) as { link: string };
  return link;
}

/**
 * Logs in through a login link and waits until the dashboard has loaded, or with `path` (`/blog?tag=x`)
 * that page: the link's `request` parameter, as the host website sends a deep link. Going there straight
 * away spares a test the dashboard's requests and a second start of the app by `page.goto`.
 */
export async function loginAs(page: Page, username: string, path?: string): Promise<void> {
  const link = new URL(await loginLink(page.request, username));
  if (path) link.searchParams.set('request', path);
  await page.goto(link.href);
  const target = path ?? '/dashboard';
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === target, {
    timeout: APP_START_TIMEOUT,
  });
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expectLoaded(page);
}

/**
 * Waits until the screen has loaded: the app marks every part still loading (skeletons, the global
 * spinner) as busy or as a progress bar. On the first screen of a page that includes the route's chunk.
 */
export async function expectLoaded(page: Page | Frame): Promise<void> {
  await expect(page.locator('[aria-busy="true"], [role="progressbar"]')).toHaveCount(0, {
    timeout: APP_START_TIMEOUT,
  });
}

/** Reloads the page, a fresh start of the app, and waits until the logged-in screen has loaded again. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible({ timeout: APP_START_TIMEOUT });
  await expectLoaded(page);
}

/**
 * Goes to `path` inside the running app, sparing a fresh start of the app per screen. React Router sees a
 * history traversal (POP), so the app does not scroll as after a link.
 */
export async function visitInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expectLoaded(page);
}

/**
 * The password field of a form: labelled 'Passwort' (with the asterisk of a required field), not its
 * visibility toggle 'Passwort anzeigen' beside it.
 */
export function passwordField(scope: Page | Frame | Locator): Locator {
  return scope.getByLabel(/^Passwort\s*\*?$/);
}
