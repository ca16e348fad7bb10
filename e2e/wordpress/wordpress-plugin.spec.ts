/**
 * The WordPress plugin (issue 38 point 1) on Debian's WordPress with nginx, php-fpm and MariaDB: a WordPress
 * user opens the page with [portal] (or the block) and the portal in the frame shows them signed in with the
 * role and groups the settings map; another user gets their own session; a visitor gets WordPress's login
 * link and no portal session; a wrong key or a portal that is down shows a German message without the key and
 * is logged for the site's admin. The site and the plugin come from global-setup.ts.
 */
import { readFileSync } from 'node:fs';
import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { AUTH_MESSAGES } from '@portal/contract';
import { AdminApi } from '../support/admin-api.ts';
import { APP_ORIGIN, EXTERNAL_API_KEY } from '../support/origins.ts';
import { APP_START_TIMEOUT } from '../support/timeouts.ts';
import { BLOCK_PAGE, PHP_ERROR_LOG, PORTAL_PAGE, SITE_ORIGIN, skipReason, USER_PASSWORD } from './site.ts';

const reason = skipReason();
// Skipped only where WordPress is not installed (or not as root); global-setup.ts printed why.
test.skip(reason !== undefined, reason);

/** A browser context of its own, signed in to WordPress as `username` through wp-login.php. */
async function wordpressUser(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${SITE_ORIGIN}/wp-login.php`);
  await page.locator('#user_login').fill(username);
  await page.locator('#user_pass').fill(USER_PASSWORD);
  await page.locator('#wp-submit').click();
  await expect(page).toHaveURL(/\/wp-admin\//);
  return page;
}

function portalFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Mitgliederportal"]');
}

async function expectSignedInAs(frame: FrameLocator, username: string): Promise<void> {
  await expect(frame.getByTitle(`Angemeldet als ${username}`)).toBeVisible({ timeout: APP_START_TIMEOUT });
}

let admin: AdminApi;
test.beforeAll(async ({ playwright }) => {
  if (reason) return;
  admin = await AdminApi.open(playwright.request, 'admin');
});
test.afterAll(async () => {
  await admin?.dispose();
});

test('a WordPress member sees the portal signed in with the mapped role, groups and company', async ({
  browser,
}) => {
  const erika = await wordpressUser(browser, 'erika-wp');
  await erika.goto(`${PORTAL_PAGE}?portal=/blog`);
  const frame = portalFrame(erika);
  await expectSignedInAs(frame, 'erika-wp');
  // The deep link of the page's address is passed on: the news list, not the dashboard.
  await expect(frame.getByRole('heading', { name: 'MarkenKreis-Info' })).toBeVisible();
  // editor → ROLE_ADMIN: the navigation has the admin's links (folded away at this width)
  await expect(frame.getByText('Verwaltung', { exact: true })).toHaveCount(1);
  const member = await admin.member('erika-wp');
  expect(member).toMatchObject({
    role: 'ROLE_ADMIN',
    company: 'Glaserei Erika GmbH',
    email: 'erika-wp@example.de',
  });
  expect(member?.groups.map((group) => group.name).sort()).toEqual(['Geschäftsführung', 'Mitglieder']);
  // The page's source holds a one-time link, used by the frame already.
  const html = await (await erika.request.get(PORTAL_PAGE)).text();
  expect(html).toMatch(
    new RegExp(`<script[^>]+src="${APP_ORIGIN}/embed\\.js"[^>]+data-path="/login\\?token=`),
  );
  expect(html).not.toContain(EXTERNAL_API_KEY);
  await erika.context().close();
});

test('another WordPress user gets a session of their own, also through the block', async ({ browser }) => {
  const erika = await wordpressUser(browser, 'erika-wp');
  const paul = await wordpressUser(browser, 'paul-wp');
  await erika.goto(BLOCK_PAGE);
  await paul.goto(BLOCK_PAGE);
  await expectSignedInAs(portalFrame(paul), 'paul-wp');
  await expectSignedInAs(portalFrame(erika), 'erika-wp');
  // subscriber → ROLE_USER: no admin's links
  await expect(portalFrame(paul).getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(portalFrame(paul).getByText('Verwaltung', { exact: true })).toHaveCount(0);
  expect(await admin.member('paul-wp')).toMatchObject({ role: 'ROLE_USER', company: 'Fenster Paul KG' });
  await erika.context().close();
  await paul.context().close();
});

test('a user whose role has no access is told so and gets no portal account', async ({ browser }) => {
  const guest = await wordpressUser(browser, 'gast-wp');
  await guest.goto(PORTAL_PAGE);
  await expect(guest.getByText('Ihr Benutzerkonto hat keinen Zugang zum Mitgliederportal.')).toBeVisible();
  await expect(guest.locator('iframe')).toHaveCount(0);
  expect(await admin.member('gast-wp')).toBeUndefined();
  await guest.context().close();
});

test('a visitor gets no portal session but the login, which leads back with the deep link', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  // Only a path of the app is carried through the login: another site or a login route is dropped.
  for (const foreign of [
    '//evil.example/blog',
    'https://evil.example/',
    '/login?token=abc',
    '/blog/../login',
  ]) {
    await page.goto(`${PORTAL_PAGE}?portal=${encodeURIComponent(foreign)}`);
    const href = (await page.getByRole('link', { name: 'Anmelden' }).getAttribute('href')) ?? '';
    const back = new URL(new URL(href).searchParams.get('redirect_to') ?? '');
    expect(back.searchParams.has('portal'), foreign).toBe(false);
  }
  await page.goto(`${PORTAL_PAGE}?portal=/blog`);
  await expect(page.getByText('Bitte melden Sie sich an, um das Mitgliederportal zu sehen.')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await page.content()).not.toContain('/login?token=');
  await page.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/wp-login\.php\?redirect_to=/);
  await page.locator('#user_login').fill('paul-wp');
  await page.locator('#user_pass').fill(USER_PASSWORD);
  await page.locator('#wp-submit').click();
  await expect(page).toHaveURL(/\/mitgliederportal\/\?portal=%2Fblog/);
  await expectSignedInAs(portalFrame(page), 'paul-wp');
  await expect(portalFrame(page).getByRole('heading', { name: 'MarkenKreis-Info' })).toBeVisible();
  await page.context().close();
});

test('the settings page never shows the key; a portal that is down or a wrong key is told in German and logged', async ({
  browser,
}) => {
  const wpadmin = await wordpressUser(browser, 'wpadmin');
  const settings = async (changes: { address?: string; key?: string }) => {
    await wpadmin.goto(`${SITE_ORIGIN}/wp-admin/options-general.php?page=portal-embed`);
    const key = wpadmin.getByLabel('API key');
    await expect(key).toHaveValue('');
    await expect(
      wpadmin.getByText('A key is stored. Leave the field blank to keep it; it is never shown.'),
    ).toBeVisible();
    expect(await wpadmin.content()).not.toContain(EXTERNAL_API_KEY);
    if (changes.address !== undefined) await wpadmin.getByLabel('Portal address').fill(changes.address);
    if (changes.key !== undefined) await key.fill(changes.key);
    await wpadmin.getByRole('button', { name: 'Save Changes' }).click();
    await expect(wpadmin.getByText('Settings saved.')).toBeVisible();
  };
  const erika = await wordpressUser(browser, 'erika-wp');
  const logged = () => readFileSync(PHP_ERROR_LOG, 'utf8');
  const wrongKey = 'ein-falscher-schluessel-0123456789';
  try {
    // Down: nothing listens there. The key field stays blank, so the stored key is kept.
    await settings({ address: 'http://localhost:9' });
    await erika.goto(PORTAL_PAGE);
    await expect(
      erika.getByText(
        'Das Mitgliederportal ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten noch einmal.',
      ),
    ).toBeVisible();
    await expect(erika.locator('iframe')).toHaveCount(0);
    expect(logged()).toMatch(/Portal Embed: portal not reachable: .*\(user erika-wp\)/);

    await settings({ address: APP_ORIGIN, key: wrongKey });
    await erika.goto(PORTAL_PAGE);
    await expect(
      erika.getByText(
        'Die Anmeldung am Mitgliederportal ist fehlgeschlagen. Bitte wenden Sie sich an die Betreiber der Website.',
      ),
    ).toBeVisible();
    expect(logged()).toContain(`Portal Embed: portal answered 401: ${AUTH_MESSAGES.wrongApiKey}`);
    expect(logged()).not.toContain(wrongKey);
    expect(await erika.content()).not.toContain(wrongKey);
  } finally {
    await settings({ address: APP_ORIGIN, key: EXTERNAL_API_KEY });
  }
  // Saved again with a blank key field: the right key stays, and the portal works.
  await settings({});
  await erika.goto(PORTAL_PAGE);
  await expectSignedInAs(portalFrame(erika), 'erika-wp');
  await wpadmin.context().close();
  await erika.context().close();
});

test('an admin who works in German gets the settings page in German', async ({ browser }) => {
  const admin = await wordpressUser(browser, 'verwalterin-wp');
  await admin.goto(`${SITE_ORIGIN}/wp-admin/options-general.php?page=portal-embed`);
  await expect(admin.getByRole('heading', { name: 'Mitgliederportal' })).toBeVisible();
  await expect(admin.getByLabel('Adresse des Portals')).toHaveValue(APP_ORIGIN);
  await expect(admin.getByLabel('API-Schlüssel')).toHaveValue('');
  await expect(
    admin.getByText(
      'Ein Schlüssel ist gespeichert. Lassen Sie das Feld leer, um ihn zu behalten; er wird nie angezeigt.',
    ),
  ).toBeVisible();
  await expect(admin.getByRole('columnheader', { name: 'Rolle im Portal' })).toBeVisible();
  await expect(admin.getByLabel('Rolle im Portal für Editor')).toHaveValue('ROLE_ADMIN');
  await admin.context().close();
});
