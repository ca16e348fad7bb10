import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { API } from '@portal/contract';
import type { TUpload } from './support/api-client.ts';
import { loginAs } from './support/auth.ts';
import { expectEditor, typeInEditor } from './support/blog-page.ts';
import { ForumsApi } from './support/forums-api.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, UPLOAD_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
const FORUM = `Forum ${suffix}`;
/** A second member (ROLE_USER) created through the host's API-key login. */
const COLLEAGUE = `kollegin-${suffix}`;

let request: APIRequestContext;
let admin: ForumsApi;
let member: ForumsApi;
let colleague: ForumsApi;
let forumId = 0;
const forumIds: number[] = [];

function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

function post(page: Page, number: number, author: string): Locator {
  return page.getByRole('article', { name: `Beitrag ${number} von ${author}`, exact: true });
}

function replyButtons(page: Page): Locator {
  return page.getByRole('main').getByRole('button', { name: 'Antworten', exact: true });
}

/** The rich-text editor of a thread's or reply's text. */
function postEditor(sheet: Locator): Locator {
  return sheet.getByRole('textbox', { name: 'Beitrag', exact: true });
}

function threadUrl(threadId: number): string {
  return `/forum/${forumId}/thread/${threadId}`;
}

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await ForumsApi.as(request, 'admin');
  member = await ForumsApi.as(request, 'mitglied');
  colleague = await ForumsApi.as(request, COLLEAGUE, { roles: ['ROLE_USER'] });
  forumId = await admin.createForum(FORUM, '<p>Ein Forum nur für diesen Testlauf.</p>');
  forumIds.push(forumId);
});

test.afterAll(async () => {
  await admin.deleteForums(forumIds);
  await request.dispose();
});

/** A file of test-fixtures/ as the API helper uploads it. */
function upload(relative: string, mimeType: string): TUpload {
  return {
    name: path.basename(relative),
    mimeType,
    buffer: readFileSync(fixturePath(relative)),
  };
}

/** Opens the form for a new thread in the current forum and waits for its editor. */
async function openThreadForm(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Neues Thema' }).click();
  const sheet = dialog(page);
  await expect(sheet.getByText('Neues Thema')).toBeVisible();
  await expectEditor(postEditor(sheet));
  return sheet;
}

test.describe('forums as members', () => {
  test('a member sees the forums and an empty forum with its breadcrumbs', async ({ page }) => {
    const empty = `Leeres Forum ${suffix}`;
    const emptyId = await admin.createForum(empty, '<p>Noch ohne Themen.</p>');
    forumIds.push(emptyId);
    await loginAs(page, 'mitglied', '/forum');
    await expect(page.getByRole('heading', { level: 1, name: 'Foren' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neues Forum' })).toHaveCount(0);
    const card = page.getByRole('article', { name: empty });
    await expect(card.getByText('0 Themen')).toBeVisible();
    await expect(card.getByRole('button', { name: /Löschen/ })).toHaveCount(0);
    await card.getByRole('link', { name: empty }).click();

    await expect(page.getByRole('heading', { level: 1, name: empty })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Foren' })).toHaveAttribute('href', '/forum');
    await expect(crumbs.getByText(empty)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('In diesem Forum gibt es noch keine Themen.')).toBeVisible();
  });

  test('a member starting a thread is told what is missing and which files are refused', async ({ page }) => {
    await loginAs(page, 'mitglied', `/forum/${forumId}`);
    const sheet = await openThreadForm(page);
    await sheet.getByRole('button', { name: 'Thema erstellen' }).click();
    await expect(sheet.getByText('Name ist ein Pflichtfeld.')).toBeVisible();
    await expect(sheet.getByText('Der Beitragsinhalt ist ein Pflichtfeld', { exact: true })).toBeVisible();

    await sheet.getByLabel('Name des Themas').fill(`Abgelehnte Anhänge ${suffix}`);
    await typeInEditor(page, postEditor(sheet), 'Zwei Dateien, die nicht passen.');
    // A GIF is refused in the browser; a file that only claims to be a PDF reaches the server, which refuses it.
    const input = sheet.locator('input[type="file"]');
    await input.setInputFiles([fixturePath('images/animiert.gif'), fixturePath('docs/fake.pdf')]);
    await expect(sheet.getByRole('alert')).toContainText(
      '„animiert.gif“ wurde nicht übernommen. Erlaubt sind Bilder (PNG, JPEG) und PDF-Dateien.',
    );
    const previews = sheet.getByRole('list', { name: 'Anhänge' }).getByRole('listitem');
    await expect(previews).toHaveCount(1);
    await sheet.getByRole('button', { name: 'Thema erstellen' }).click();
    await expect(sheet.getByText('Erlaubt sind Bilder (PNG, JPEG) und PDF-Dateien.').last()).toBeVisible();
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Entfernen: fake.pdf' }).click();
    await expect(previews).toHaveCount(0);
  });

  test('a member starts a thread with two images and a PDF', async ({ page }) => {
    const name = `Glasbruch im Lager ${suffix}`;
    await loginAs(page, 'mitglied', `/forum/${forumId}`);
    const sheet = await openThreadForm(page);
    await sheet.getByLabel('Name des Themas').fill(name);
    await typeInEditor(page, postEditor(sheet), 'Beim Abladen ist eine Scheibe gebrochen.');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('Fotos und Merkblatt anbei.');
    await sheet
      .locator('input[type="file"]')
      .setInputFiles([
        fixturePath('images/logo.png'),
        fixturePath('images/foto-exif-gps.jpg'),
        fixturePath('docs/merkblatt.pdf'),
      ]);
    await expect(sheet.getByRole('list', { name: 'Anhänge' }).getByRole('listitem')).toHaveCount(3);
    for (const alt of ['logo.png', 'foto-exif-gps.jpg']) {
      const preview = sheet.getByRole('img', { name: alt });
      await expect(preview).toHaveJSProperty('complete', true);
      expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await sheet.getByRole('button', { name: 'Thema erstellen' }).click();

    // The three files are uploaded and the thumbnails made before the thread opens.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: UPLOAD_TIMEOUT });
    await expect(page.getByText('Das Thema wurde erstellt.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Brotkrümelnavigation' }).getByRole('link', { name: FORUM }),
    ).toBeVisible();
    const first = post(page, 1, 'mitglied');
    await expect(first.getByText('Fotos und Merkblatt anbei.')).toBeVisible();
    await expect(first.getByRole('list', { name: 'Bilder' }).getByRole('img')).toHaveCount(2);
    await expect(first.getByRole('link', { name: 'merkblatt.pdf' })).toBeVisible();
    await expect(first.getByRole('button', { name: /Löschen/ })).toHaveCount(0);
    await expect(replyButtons(page)).toHaveCount(1);
  });

  test("a thread's thumbnails open the full picture in a new tab and its PDF downloads", async ({ page }) => {
    const thread = await member.createThread(forumId, `Fotos vom Lager ${suffix}`, '<p>Siehe Anhang.</p>', [
      upload('images/logo.png', 'image/png'),
      upload('images/foto-exif-gps.jpg', 'image/jpeg'),
      upload('docs/merkblatt.pdf', 'application/pdf'),
    ]);
    await loginAs(page, 'mitglied', threadUrl(thread.id));
    const first = post(page, 1, 'mitglied');
    const thumbs = first.getByRole('list', { name: 'Bilder' }).getByRole('img');
    await expect(thumbs).toHaveCount(2);
    for (const thumb of await thumbs.all()) {
      await expect(thumb).toHaveJSProperty('complete', true);
      expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    const popupOpened = page.waitForEvent('popup');
    await first.getByRole('link', { name: 'logo.png in voller Größe öffnen (öffnet in neuem Tab)' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();
    expect(popup.url()).toContain(API.filesPrefix);
    expect(await popup.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBeGreaterThan(0);
    await popup.close();

    // The PDF link shows the original name and saves the file under it.
    const pdfLink = first.getByRole('link', { name: 'merkblatt.pdf' });
    await expect(pdfLink).toHaveAttribute('download', 'merkblatt.pdf');
    const downloaded = page.waitForEvent('download');
    await pdfLink.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('merkblatt.pdf');
    const saved = await download.path();
    expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('another member replies with bold text', async ({ page }) => {
    const name = `Scheibe gebrochen ${suffix}`;
    const thread = await member.createThread(
      forumId,
      name,
      '<p>Beim Abladen ist eine Scheibe gebrochen.</p>',
    );
    await loginAs(page, COLLEAGUE, threadUrl(thread.id));
    await expect(post(page, 1, 'mitglied')).toBeVisible();
    await replyButtons(page).click();
    const replySheet = dialog(page);
    await expect(replySheet.getByText(`Antwort auf „${name}“`)).toBeVisible();
    await expectEditor(postEditor(replySheet));
    await expect(postEditor(replySheet)).toBeFocused();
    await replySheet.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(
      replySheet.getByText('Der Beitragsinhalt ist ein Pflichtfeld', { exact: true }),
    ).toBeVisible();
    const bold = replySheet.getByRole('toolbar', { name: 'Formatierung: Beitrag' }).getByRole('button', {
      name: 'Fett',
    });
    await typeInEditor(page, postEditor(replySheet), 'Das kenne ich. Bitte ');
    await bold.click();
    await page.keyboard.insertText('Schadensprotokoll');
    await bold.click();
    await page.keyboard.insertText(' nicht vergessen!');
    await replySheet.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(replySheet).toBeHidden();
    await expect(page.getByText('Ihre Antwort wurde veröffentlicht.')).toBeVisible();
    const reply = post(page, 2, COLLEAGUE);
    await expect(reply.getByText('Bitte Schadensprotokoll nicht vergessen!')).toBeVisible();
    await expect(reply.locator('strong')).toHaveText('Schadensprotokoll');
    await expect(page).toHaveURL(/\?page=last$/);
    // Issue 37: a member deletes their own reply, nothing of others.
    await expect(post(page, 1, 'mitglied').getByRole('button', { name: /Löschen/ })).toHaveCount(0);
    await expect(reply.getByRole('button', { name: `Löschen: Beitrag 2 von ${COLLEAGUE}` })).toBeVisible();
  });

  test("the forum's list shows a thread with its author, reply count and last reply", async ({ page }) => {
    const name = `Mit Antwort ${suffix}`;
    const thread = await member.createThread(forumId, name, '<p>Wer weiß Rat?</p>');
    await colleague.reply(thread.id, '<p>Ich.</p>');
    await loginAs(page, 'mitglied', `/forum/${forumId}`);
    const row = page.getByRole('article', { name });
    await expect(row.getByText(/^von mitglied am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr$/)).toBeVisible();
    await expect(row.getByText('Antworten: 1')).toBeVisible();
    await expect(
      row.getByRole('link', { name: new RegExp(`^Letzte Antwort: .* von ${COLLEAGUE}$`) }),
    ).toBeVisible();
  });

  test('shows the second reply button from the 11th post on', async ({ page }) => {
    const thread = await member.createThread(forumId, `Lange Diskussion ${suffix}`, '<p>Los geht es.</p>');
    await colleague.replies(thread.id, 9, 9);
    await loginAs(page, 'mitglied', threadUrl(thread.id));
    await expect(post(page, 10, COLLEAGUE)).toBeVisible();
    await expect(page.getByText('10 Beiträge', { exact: false })).toBeVisible();
    await expect(replyButtons(page)).toHaveCount(1);

    await replyButtons(page).click();
    await typeInEditor(page, postEditor(dialog(page)), 'Der elfte Beitrag.');
    await dialog(page).getByRole('button', { name: 'Antwort senden' }).click();
    await expect(post(page, 11, 'mitglied').getByText('Der elfte Beitrag.')).toBeVisible();
    await expect(replyButtons(page)).toHaveCount(2);
    // The one below the posts opens the same form.
    await replyButtons(page).last().click();
    await expect(dialog(page).getByText('Antwort auf „Lange Diskussion')).toBeVisible();
  });

  test('refuses a partner', async ({ page }) => {
    await loginAs(page, 'partner');
    await page.goto('/forum');
    await expect(page).toHaveURL(/\/login\?denied=1$/, { timeout: APP_START_TIMEOUT });
  });
});

test.describe('forums as an admin', () => {
  test('deletes a reply after confirming, but offers no delete for the first post', async ({ page }) => {
    const thread = await member.createThread(forumId, `Zum Aufräumen ${suffix}`, '<p>Der erste Beitrag.</p>');
    await colleague.reply(
      thread.id,
      '<p>Dieser Beitrag ist doppelt und soll gelöscht werden, bitte sehr.</p>',
    );
    await member.reply(thread.id, '<p>Dieser bleibt.</p>');

    await loginAs(page, 'admin', threadUrl(thread.id));
    await expect(post(page, 1, 'mitglied')).toBeVisible();
    await expect(post(page, 1, 'mitglied').getByRole('button', { name: /Löschen/ })).toHaveCount(0);
    await expect(post(page, 3, 'mitglied').getByRole('button', { name: /Löschen/ })).toBeVisible();

    await post(page, 2, COLLEAGUE)
      .getByRole('button', { name: /Löschen/ })
      .click();
    const confirm = dialog(page);
    await expect(confirm.getByRole('heading', { name: 'Löschen?' })).toBeVisible();
    await expect(confirm).toContainText(
      'Wollen Sie den Beitrag "Dieser Beitrag ist doppelt und soll gelöscht…" wirklich löschen?',
    );
    await confirm.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Der Beitrag wurde gelöscht.')).toBeVisible();
    await expect(page.getByText('Dieser Beitrag ist doppelt')).toHaveCount(0);
    await expect(post(page, 2, 'mitglied').getByText('Dieser bleibt.')).toBeVisible();
    expect((await admin.thread(thread.id)).postCount).toBe(2);
  });

  test('creates a forum, after naming the required fields', async ({ page }) => {
    const name = `Neues Forum ${suffix}`;
    await loginAs(page, 'admin', '/forum');
    await page.getByRole('button', { name: 'Neues Forum' }).click();
    const sheet = dialog(page);
    const description = sheet.getByRole('textbox', { name: 'Beschreibung' });
    await expectEditor(description);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Name ist ein Pflichtfeld.')).toBeVisible();
    await expect(sheet.getByText('Beschreibung ist ein Pflichtfeld.')).toBeVisible();
    await sheet.getByLabel('Name').fill(name);
    await typeInEditor(page, description, 'Für Fragen rund um die Ausbildung.');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Das Forum wurde gespeichert.')).toBeVisible();
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Für Fragen rund um die Ausbildung.')).toBeVisible();
    const newId = await admin.forumIdByName(name);
    expect(newId).toBeDefined();
    forumIds.push(newId ?? 0);
  });

  test('deletes a thread after confirming', async ({ page }) => {
    const thread = await member.createThread(forumId, `Überflüssig ${suffix}`, '<p>Bitte löschen.</p>');
    await loginAs(page, 'admin', `/forum/${forumId}`);
    const row = page.getByRole('article', { name: thread.name });
    await row.getByRole('button', { name: /Löschen/ }).click();
    await expect(dialog(page)).toContainText(`Wollen Sie das Thema "${thread.name}" wirklich löschen?`);
    await dialog(page).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Das Thema wurde gelöscht.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('deletes a forum after confirming', async ({ page }) => {
    const name = `Altes Forum ${suffix}`;
    const id = await admin.createForum(name);
    forumIds.push(id);
    await member.createThread(id, `Letztes Thema ${suffix}`, '<p>Geht mit dem Forum.</p>');
    await loginAs(page, 'admin', '/forum');
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: /Löschen/ }).click();
    await expect(dialog(page)).toContainText(`Wollen Sie das Forum "${name}" wirklich löschen?`);
    await dialog(page).getByRole('button', { name: 'Nein' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /Löschen/ }).click();
    await dialog(page).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Das Forum wurde gelöscht.')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test.describe('a thread of several pages', () => {
  test('opens on its first 20 posts, and the last page shows the last reply', async ({ page }) => {
    const thread = await member.createThread(forumId, `Mehrseitiges Thema ${suffix}`, '<p>Antwort 0</p>');
    // Six pages of 20, so that the pagination offers 'Letzte Seite' (it does from more than 5 pages on).
    await colleague.replies(thread.id, 99, 50);
    // The last reply on its own, so that it is post 101 whatever order the parallel ones were saved in.
    await colleague.reply(thread.id, '<p>Antwort 100</p>');

    await loginAs(page, 'mitglied', threadUrl(thread.id));
    await expect(page.getByText('Beiträge 1–20 von 101').first()).toBeVisible({ timeout: APP_START_TIMEOUT });
    await expect(post(page, 1, 'mitglied')).toBeVisible();
    await expect(post(page, 20, COLLEAGUE)).toBeVisible();
    await expect(post(page, 21, COLLEAGUE)).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Seiten der Beiträge', exact: true })
      .getByRole('button', { name: 'Letzte Seite' })
      .click();
    await expect(page.getByText('Beiträge 101–101 von 101').first()).toBeVisible();
    await expect(post(page, 101, COLLEAGUE).getByText('Antwort 100')).toBeVisible();
    await expect(post(page, 1, 'mitglied')).toHaveCount(0);
  });
});
