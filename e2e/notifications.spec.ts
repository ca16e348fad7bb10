/**
 * Issue 17 in the browser: the settings screen 'Benachrichtigungen' from the top bar, the follow button of a
 * thread, and the unread markers (forum list, thread list, dashboard, the 'Neu' line in the thread).
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEFAULT_NOTIFICATION_SETTINGS, type TNotificationSettings } from '@portal/contract';
import { expectLoaded, loginAs, reloadApp, visitInApp } from './support/auth.ts';
import { ForumsApi } from './support/forums-api.ts';
import { NotificationsApi } from './support/notifications-api.ts';
import { uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const FORUM = `Benachrichtigungen ${suffix}`;
const REPLIES_SWITCH = 'E-Mail bei neuen Antworten in Themen, denen ich folge';
/** issue 37 */
const MENTIONS_SWITCH = 'E-Mails, wenn mich jemand erwähnt';
const PHONE = { width: 360, height: 740 };

let request: APIRequestContext;
let admin: ForumsApi;
let member: ForumsApi;
const originalSettings = new Map<string, TNotificationSettings>();
let forumId = 0;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ForumsApi.as(request, 'admin');
  member = await ForumsApi.as(request, 'mitglied');
  // Each test starts from the defaults and the members get their own settings back afterwards.
  for (const [name, client] of [
    ['admin', admin],
    ['mitglied', member],
  ] as const) {
    const settings = client.with(NotificationsApi);
    originalSettings.set(name, await settings.settings());
    await settings.saveSettings(DEFAULT_NOTIFICATION_SETTINGS);
  }
  forumId = await admin.createForum(FORUM, '<p>Ein Forum nur für diesen Testlauf.</p>');
});

test.afterAll(async () => {
  await admin.deleteForums([forumId]);
  await admin
    .with(NotificationsApi)
    .saveSettings(originalSettings.get('admin') ?? DEFAULT_NOTIFICATION_SETTINGS);
  await member
    .with(NotificationsApi)
    .saveSettings(originalSettings.get('mitglied') ?? DEFAULT_NOTIFICATION_SETTINGS);
  await request.dispose();
});

function threadUrl(threadId: number): string {
  return `/forum/${forumId}/thread/${threadId}`;
}

function post(page: Page, number: number, author: string): Locator {
  return page.getByRole('article', { name: `Beitrag ${number} von ${author}`, exact: true });
}

/** The top bar's bell, named 'Benachrichtigungen' (with the unread count, if any: issue 37). */
function bell(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen/ });
}

/** The top bar's way to the settings: the bell's list, 'Einstellungen' (issue 37). */
async function openSettingsFromTopBar(page: Page): Promise<void> {
  await bell(page).click();
  await page
    .getByRole('dialog', { name: 'Benachrichtigungen' })
    .getByRole('link', { name: 'Einstellungen' })
    .click();
  await expect(page).toHaveURL(/\/benachrichtigungen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
  await expectLoaded(page);
}

function digest(page: Page, label: 'Nie' | 'Täglich' | 'Wöchentlich'): Locator {
  return page.getByRole('radiogroup', { name: 'Zusammenfassung per E-Mail' }).getByRole('radio', {
    name: label,
  });
}

/** Neither the page nor its body is wider than the window. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const { documentElement: html, body } = document;
    return Math.max(html.scrollWidth - html.clientWidth, body.scrollWidth - body.clientWidth);
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the settings screen', () => {
  test('a member changes the mails from the top bar and finds the choice after a reload', async ({
    page,
  }) => {
    await loginAs(page, 'mitglied');
    await openSettingsFromTopBar(page);
    await expect(page).toHaveTitle('Benachrichtigungen – Portal');
    const replies = page.getByRole('switch', { name: REPLIES_SWITCH });
    const mentions = page.getByRole('switch', { name: MENTIONS_SWITCH });
    await expect(replies).toBeChecked();
    await expect(mentions).toBeChecked();
    await expect(digest(page, 'Täglich')).toBeChecked();
    await expect(page.getByText('Jeden Morgen gegen 7 Uhr')).toBeVisible();
    await expect(page.getByText('Montags gegen 7 Uhr')).toBeVisible();
    await expect(page.getByText(/Eilmeldungen erhalten Sie immer per E-Mail/)).toBeVisible();

    await digest(page, 'Wöchentlich').check();
    await replies.uncheck();
    await mentions.uncheck();
    // Unsaved changes: leaving asks first, and 'Weiter bearbeiten' stays with them.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Foren' })
      .click();
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/benachrichtigungen$/);
    await expect(digest(page, 'Wöchentlich')).toBeChecked();

    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Benachrichtigungen wurden gespeichert.')).toBeVisible();
    expect(await member.with(NotificationsApi).settings()).toEqual({
      forumReplies: false,
      digest: 'weekly',
      mentions: false,
    });

    await reloadApp(page);
    await expect(digest(page, 'Wöchentlich')).toBeChecked();
    await expect(page.getByRole('switch', { name: REPLIES_SWITCH })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: MENTIONS_SWITCH })).not.toBeChecked();
    await page.screenshot({ path: 'docs/screenshots/notifications-settings-desktop.png', fullPage: true });
    // Saved, so leaving asks nothing.
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Foren' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Foren' })).toBeVisible();
  });

  test('an admin has the same screen', async ({ page }) => {
    await loginAs(page, 'admin');
    await openSettingsFromTopBar(page);
    await expect(page.getByRole('switch', { name: REPLIES_SWITCH })).toBeChecked();
    await digest(page, 'Nie').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Benachrichtigungen wurden gespeichert.')).toBeVisible();
    await reloadApp(page);
    await expect(digest(page, 'Nie')).toBeChecked();
    expect(await admin.with(NotificationsApi).settings()).toEqual({
      forumReplies: true,
      digest: 'never',
      mentions: true,
    });
  });

  test('a partner chooses the digest and is not offered reply mails', async ({ page }) => {
    await loginAs(page, 'partner');
    await openSettingsFromTopBar(page);
    await expect(digest(page, 'Täglich')).toBeVisible();
    await expect(page.getByRole('switch', { name: REPLIES_SWITCH })).toHaveCount(0);
    await expect(page.getByRole('switch', { name: MENTIONS_SWITCH })).toHaveCount(0);
  });

  test('on a phone the bell in the top bar leads there and the screen fits 360 px', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await loginAs(page, 'mitglied');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('button', { name: 'Abmelden' })).toBeInViewport({ ratio: 1 });
    await expect(bell(page)).toBeInViewport({ ratio: 1 });
    await openSettingsFromTopBar(page);
    await expect(page.getByRole('button', { name: 'Speichern' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The digest's choices are one radio group: the arrow keys move between them.
    await digest(page, 'Täglich').focus();
    await page.keyboard.press('ArrowDown');
    await expect(digest(page, 'Wöchentlich')).toBeChecked();
    await page.screenshot({ path: 'docs/screenshots/notifications-settings-phone.png', fullPage: true });
  });
});

test.describe('following a thread and its unread posts', () => {
  test('the follow button toggles and keeps its state after a reload', async ({ page }) => {
    const thread = await admin.createThread(forumId, `Folgen ${suffix}`, '<p>Wer folgt mir?</p>');
    await loginAs(page, 'mitglied', threadUrl(thread.id));
    await page.getByRole('button', { name: 'Thema folgen' }).click();
    await expect(page.getByText('Sie folgen diesem Thema.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nicht mehr folgen' })).toBeVisible();

    await reloadApp(page);
    await expect(page.getByRole('button', { name: 'Nicht mehr folgen' })).toBeVisible();
    await page.getByRole('button', { name: 'Nicht mehr folgen' }).click();
    await expect(page.getByText('Sie folgen diesem Thema nicht mehr.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thema folgen' })).toBeVisible();

    await reloadApp(page);
    await expect(page.getByRole('button', { name: 'Thema folgen' })).toBeVisible();
    expect(await member.with(NotificationsApi).following(thread.id)).toBe(false);
  });

  test('the markers lead the member to the first unread post, and go once it is read', async ({ page }) => {
    const name = `Ungelesen ${suffix}`;
    const thread = await admin.createThread(forumId, name, '<p>Beitrag 1</p>');
    await admin.replies(thread.id, 24);
    // The member has read the first 25 posts; then three more come, on the second page.
    await member.thread(thread.id);
    const news: number[] = [];
    for (const text of ['Neu eins', 'Neu zwei', 'Neu drei'])
      news.push(await admin.reply(thread.id, `<p>${text}</p>`));

    await loginAs(page, 'mitglied', `/forum/${forumId}`);
    const row = page.getByRole('article', { name });
    await expect(row.getByText('3 neu', { exact: true })).toBeVisible();
    await expect(row.getByText('3 ungelesene Beiträge')).toBeAttached();
    await page.screenshot({ path: 'docs/screenshots/notifications-thread-list.png', fullPage: true });

    await visitInApp(page, '/forum');
    await expect(
      page.getByRole('article', { name: FORUM }).getByText('1 Thema mit neuen Beiträgen'),
    ).toBeVisible();
    await visitInApp(page, '/dashboard');
    const count = page.getByRole('link', { name: /^Neu im Forum: \d+ Them(a|en)$/ });
    await expect(count).toBeVisible();
    expect(Number((await count.textContent())?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: 'docs/screenshots/notifications-dashboard.png' });
    await count.click();
    await expect(page).toHaveURL(/\/forum$/);

    await page.getByRole('article', { name: FORUM }).getByRole('link', { name: FORUM }).click();
    await page.getByRole('article', { name }).getByRole('link', { name }).click();
    // Without ?page= the thread opens on the page of the first unread post, marked 'Neu', in view and focused.
    await expect(page).toHaveURL(new RegExp(`${threadUrl(thread.id)}$`));
    const first = post(page, 26, 'admin');
    await expect(first).toBeFocused();
    await expect(first.getByText('Neu eins')).toBeInViewport();
    const marker = page.getByRole('main').getByText('Neu', { exact: true });
    await expect(marker).toBeInViewport();
    expect(
      await page.evaluate(() => document.getElementById('neue-beitraege')?.nextElementSibling?.id ?? null),
    ).toBe(`beitrag-${news[0]}`);
    await expect(page.getByText('Beiträge 21–28 von 28').first()).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/notifications-thread-unread.png' });

    // An explicit page still opens that page.
    await page
      .getByRole('navigation', { name: 'Seiten der Beiträge', exact: true })
      .getByRole('button', { name: 'Seite 1', exact: true })
      .click();
    await expect(page).toHaveURL(/\?page=1$/);
    await expect(post(page, 1, 'admin')).toBeVisible();

    // Read now: the list shows no marker, and the thread opens without the 'Neu' line.
    await visitInApp(page, `/forum/${forumId}`);
    await expect(page.getByRole('article', { name }).getByText('3 neu')).toHaveCount(0);
    await expect(page.getByRole('article', { name }).getByText(/ungelesen/)).toHaveCount(0);
    await page.getByRole('article', { name }).getByRole('link', { name }).click();
    await expect(post(page, 28, 'admin')).toBeVisible();
    await expect(page.getByRole('main').getByText('Neu', { exact: true })).toHaveCount(0);
  });
});
