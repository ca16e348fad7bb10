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

/** Logs in through a login link and waits until the dashboard shows. */
export async function loginAs(page: Page, username: string): Promise<void> {
  await page.goto(await loginLink(page.request, username));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
}
