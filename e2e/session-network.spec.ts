/**
 * Sessions survive the network (issue 30): a profile request that fails at start-up (offline, an address
 * with user@host credentials) logged the member out in every tab. Only a 401 after a refresh attempt ends a
 * session now; otherwise the member learns what happened and retries, and the other tabs keep going.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import { API } from '@portal/contract';
import { loginAs, reloadApp } from './support/auth.ts';
import { APP_PORT } from './support/origins.ts';
import { APP_START_TIMEOUT } from './support/timeouts.ts';

const isProfile = (url: URL) => url.pathname === API.profile;
const offline = (route: Route) => route.abort('internetdisconnected');

function logoutButton(page: Page) {
  return page.getByRole('button', { name: 'Abmelden' });
}

test.describe('a session at start-up without the network', () => {
  test('stays signed in, in both tabs, and goes on once the network is back', async ({ page, context }) => {
    // Two tabs, three starts of the app and a retry.
    test.slow();
    await loginAs(page, 'mitglied');
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(logoutButton(other)).toBeVisible({ timeout: APP_START_TIMEOUT });

    await page.route(isProfile, offline);
    await page.reload();
    const problem = page
      .getByRole('alert')
      .filter({ hasText: 'Ihre Anmeldung konnte gerade nicht geprüft werden.' });
    await expect(problem).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(problem).toContainText('Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.');
    await expect(problem).toContainText('Sie bleiben angemeldet.');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toHaveCount(0);

    // The other tab, started again meanwhile, still has the session.
    await reloadApp(other);

    await page.unroute(isProfile, offline);
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(logoutButton(page)).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(page).toHaveURL(/\/dashboard$/);
    await reloadApp(page);
    await reloadApp(other);
  });

  test('works through an address with user@host credentials', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await page.goto(`http://mitglied@localhost:${APP_PORT}/forum`);
    await expect(page.getByRole('heading', { level: 1, name: 'Foren' })).toBeVisible({
      timeout: APP_START_TIMEOUT,
    });
    await expect(logoutButton(page)).toBeVisible();
    await reloadApp(page);
  });
});
