import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { APP_ORIGIN, EXTERNAL_API_KEY } from './origins.ts';

/** Optional member data the host's server may send along (creates or updates the member). */
export interface TLoginLinkExtras {
  email?: string;
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

/** An access token for API calls, got through a one-time login link as the browser gets it. */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const link = new URL(await loginLink(request, username));
  const response = await request.get(`${APP_ORIGIN}/api/auth/login${link.search}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Logs in through a login link and waits until the dashboard shows. */
export async function loginAs(page: Page, username: string): Promise<void> {
  await page.goto(await loginLink(page.request, username));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
}
