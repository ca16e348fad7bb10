/**
 * Issue 14, points 2 and 6: nothing typed is lost silently ('Änderungen verwerfen?' before a sheet or
 * drawer with changes closes, a warning before the page is left) and uploads show their progress, say
 * why they failed and accept dropped files.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs } from './support/auth.ts';
import { expectEditor, typeInEditor } from './support/blog-page.ts';
import { ContentApi } from './support/content-api.ts';
import { ForumsApi } from './support/forums-api.ts';
import { MediaApi } from './support/media-api.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT, UPLOAD_TIMEOUT } from './support/timeouts.ts';

const DISCARD = 'Änderungen verwerfen?';
const PHONE = { width: 360, height: 740 };
const LOGO = readFileSync(fixturePath('images/logo.png'));

function discardDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: DISCARD });
}

const PDF_HEAD = readFileSync(fixturePath('docs/merkblatt.pdf'));

/**
 * Drops a file on the drop target inside `target`, as the browser does for a file dragged from the
 * desktop. `padTo` pads it with spaces in the page to that many bytes (a large PDF the server accepts).
 */
async function dropFile(
  page: Page,
  target: Locator,
  file: { name: string; mimeType: string; content: Buffer; padTo?: number },
) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, mimeType, base64, padTo }) => {
      const head = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const parts: BlobPart[] = [head];
      if (padTo && padTo > head.length) parts.push(new Uint8Array(padTo - head.length).fill(0x20));
      const transfer = new DataTransfer();
      transfer.items.add(new File(parts, name, { type: mimeType }));
      return transfer;
    },
    { name: file.name, mimeType: file.mimeType, base64: file.content.toString('base64'), padTo: file.padTo },
  );
  const zone = target.locator('[data-file-drop]');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.describe('nothing typed is lost', () => {
  test('admin: the post form asks before Escape or the close button discard it, and a reload warns', async ({
    page,
  }) => {
    test.slow(); // the post form waits for the rich-text editor's chunk
    await loginAs(page, 'admin', '/blog');
    const open = async () => {
      await page.getByRole('button', { name: 'Neuer Beitrag' }).click();
      const sheet = page.getByRole('dialog', { name: 'Neuer Beitrag' });
      await expectEditor(sheet.getByRole('textbox', { name: 'Beitrag' }));
      return sheet;
    };

    // A form without changes closes at once.
    let sheet = await open();
    await sheet.getByRole('button', { name: 'Schließen' }).click();
    await expect(sheet).toBeHidden();
    await expect(discardDialog(page)).toBeHidden();

    sheet = await open();
    const title = sheet.getByRole('textbox', { name: 'Titel' });
    await title.fill('Ein halber Entwurf');
    await typeInEditor(page, sheet.getByRole('textbox', { name: 'Einleitung' }), 'Noch nicht fertig');
    // Dropping a picture on the image field chooses it.
    await dropFile(page, sheet, { name: 'logo.png', mimeType: 'image/png', content: LOGO });
    await expect(sheet.getByRole('img', { name: 'Ausgewähltes Bild' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(discardDialog(page)).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/experience-discard-desktop.png' });
    await discardDialog(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(discardDialog(page)).toBeHidden();
    await expect(title).toHaveValue('Ein halber Entwurf');
    await expect(sheet.getByRole('img', { name: 'Ausgewähltes Bild' })).toBeVisible();

    // 'Abbrechen' asks too.
    await sheet.getByRole('button', { name: 'Abbrechen' }).click();
    await discardDialog(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(title).toHaveValue('Ein halber Entwurf');

    // Reloading with the changes open brings the browser's own leave warning.
    const warning = page.waitForEvent('dialog');
    const reload = page.reload();
    const dialog = await warning;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    await reload;
  });

  test('admin: the media category drawer asks the same', async ({ page }) => {
    await loginAs(page, 'admin', '/media');
    const tree = page.getByRole('region', { name: 'Kategorien' });
    const openDrawer = async () => {
      await tree.getByRole('button', { name: /Neue Kategorie/ }).click();
      const drawer = page.getByRole('dialog', { name: /Kategorie/ });
      await expect(drawer.getByRole('textbox', { name: 'Name' })).toBeFocused({
        timeout: LAZY_CHUNK_TIMEOUT,
      });
      return drawer;
    };
    let drawer = await openDrawer();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    drawer = await openDrawer();
    await drawer.getByRole('textbox', { name: 'Name' }).fill('Halbfertig');
    await drawer.getByRole('button', { name: 'Schließen' }).click();
    await discardDialog(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveValue('Halbfertig');
    await page.keyboard.press('Escape');
    await discardDialog(page).getByRole('button', { name: 'Verwerfen' }).click();
    await expect(drawer).toBeHidden();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });
    let request: APIRequestContext;
    let forums: ForumsApi;
    let forumId: number;

    test.beforeAll(async ({ playwright }) => {
      request = await playwright.request.newContext();
      forums = await ForumsApi.as(request, 'admin');
      forumId = await forums.createForum(`Entwürfe ${uniqueSuffix()}`);
    });

    test.afterAll(async () => {
      await forums.deleteForums([forumId]);
      await request.dispose();
    });

    test('member: a reply with text asks before it is discarded', async ({ page }) => {
      const thread = await forums.createThread(forumId, 'Zuschnitt von VSG', '<p>Wer schneidet VSG?</p>');
      await loginAs(page, 'mitglied', `/forum/${forumId}/thread/${thread.id}`);
      await page.getByRole('button', { name: 'Antworten' }).first().click();
      const sheet = page.getByRole('dialog', { name: 'Antwort auf „Zuschnitt von VSG“' });
      const content = sheet.getByRole('textbox', { name: 'Beitrag' });
      await expectEditor(content);
      await typeInEditor(page, content, 'Wir schneiden bis 6 m.');
      await page.keyboard.press('Escape');
      await expect(discardDialog(page)).toBeVisible();
      await page.screenshot({ path: 'docs/screenshots/experience-discard-phone.png' });
      await discardDialog(page).getByRole('button', { name: 'Weiter bearbeiten' }).click();
      await expect(content).toContainText('Wir schneiden bis 6 m.');
      await sheet.getByRole('button', { name: 'Schließen' }).click();
      await discardDialog(page).getByRole('button', { name: 'Verwerfen' }).click();
      await expect(sheet).toBeHidden();
    });
  });
});

test.describe('uploads', () => {
  let request: APIRequestContext;
  let media: MediaApi;
  const categories: number[] = [];

  test.beforeAll(async ({ playwright }) => {
    request = await playwright.request.newContext();
    media = await MediaApi.as(request, 'admin');
  });

  test.afterAll(async () => {
    await media.removeCategories((node) => categories.includes(node.id));
    await request.dispose();
  });

  async function openUpload(page: Page): Promise<Locator> {
    const id = await media.createCategory(`Uploads ${uniqueSuffix()}`);
    categories.push(id);
    await loginAs(page, 'admin', `/media/${id}`);
    await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Neue Datei hochladen' });
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
    return sheet;
  }

  test('admin: a dropped 8 MB PDF shows the bytes sent, then the processing', async ({ page }) => {
    test.slow(); // a throttled upload of several seconds on a busy machine
    const sheet = await openUpload(page);
    await dropFile(page, sheet, {
      name: 'Preisliste Sommer.pdf',
      mimeType: 'application/pdf',
      content: PDF_HEAD,
      padTo: 8 * 1024 * 1024,
    });
    // Chosen as from the dialog: the name follows the file.
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue('Preisliste Sommer.pdf');

    const cdp = await page.context().newCDPSession(page);
    // About 1 MB/s up: the 8 MB take several seconds, long enough to see the bar move on a busy machine.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // The server's answer is held until the processing phase has been seen.
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/api/media/', requestStage: 'Response' }] });
    const paused = new Promise<string>((resolve) => {
      cdp.on('Fetch.requestPaused', (event) => resolve(event.requestId));
    });

    await sheet.getByRole('button', { name: 'Speichern' }).click();
    const bar = sheet.getByRole('progressbar', { name: 'Hochladen' });
    // Part of the bytes sent: a share from 1 to 99 %, seen while the upload runs.
    await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9][0-9]?$/, { timeout: UPLOAD_TIMEOUT });
    await page.screenshot({ path: 'docs/screenshots/experience-upload-progress-desktop.png' });

    const requestId = await paused;
    await expect(sheet.getByRole('status').filter({ hasText: 'Wird verarbeitet …' })).toBeVisible();
    await expect(bar).toBeHidden();
    await cdp.send('Fetch.continueRequest', { requestId });
    await cdp.send('Fetch.disable');
    await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });
    await expect(page.getByText('Die Datei wurde gespeichert.')).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('admin: a failed upload says why and keeps the form with the name and the file', async ({
      page,
    }) => {
      const sheet = await openUpload(page);
      await dropFile(page, sheet, { name: 'Merkblatt.pdf', mimeType: 'application/pdf', content: PDF_HEAD });
      const name = sheet.getByRole('textbox', { name: 'Name' });
      await name.fill('Merkblatt Isolierglas');
      await page.route('**/api/media/', (route) =>
        route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback(),
      );
      await sheet.getByRole('button', { name: 'Speichern' }).click();
      await expect(
        page.getByText('Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.'),
      ).toBeVisible({
        timeout: UPLOAD_TIMEOUT,
      });
      await expect(sheet).toBeVisible();
      await expect(name).toHaveValue('Merkblatt Isolierglas');
      await expect(sheet.getByRole('button', { name: 'Datei' })).toContainText('Merkblatt.pdf');
      await expect(sheet.getByRole('progressbar')).toHaveCount(0);
      await page.screenshot({ path: 'docs/screenshots/experience-upload-failed-phone.png' });
    });
  });
});

test.describe('CSV tables', () => {
  let request: APIRequestContext;
  let portal: ContentApi;
  let category = 0;

  test.beforeAll(async ({ playwright }) => {
    request = await playwright.request.newContext();
    portal = await ContentApi.as(request, 'admin');
    category = await portal.createCategory({ name: `Tabellen-Upload ${uniqueSuffix()}` });
  });

  test.afterAll(async () => {
    await portal.deleteCategories([category]);
    await request.dispose();
  });

  test('admin: a dropped CSV the server refuses says why and keeps the form; a large one shows its processing', async ({
    page,
  }) => {
    test.slow(); // the item form waits for the rich-text editor's chunk, then a 20,000-row import
    await loginAs(page, 'admin', `/content/${category}`);
    await page.getByRole('button', { name: 'Neuer Eintrag' }).click();
    const sheet = page.getByRole('dialog', { name: 'Neuer Eintrag' });
    await expectEditor(sheet.getByRole('textbox', { name: 'Text vor der Tabelle' }));
    const title = sheet.getByRole('textbox', { name: 'Titel' });
    await title.fill('Preisliste Export');

    // Only the server finds the unclosed quote: its German reason shows, the form keeps what was typed.
    const broken = Buffer.from('Artikel;Preis\n"Floatglas 4 mm;12,50\n');
    await dropFile(page, sheet, { name: 'preisliste.csv', mimeType: 'text/csv', content: broken });
    await expect(sheet.getByRole('button', { name: 'CSV-Datei' })).toContainText('preisliste.csv');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      page.getByText('Die CSV-Datei ist fehlerhaft: ein Anführungszeichen wird nicht geschlossen.').first(),
    ).toBeVisible({ timeout: UPLOAD_TIMEOUT });
    await expect(title).toHaveValue('Preisliste Export');

    const rows = Array.from({ length: 20_000 }, (_, index) => `Artikel ${index + 1};${index},50`);
    const large = Buffer.from(`Artikel;Preis\n${rows.join('\n')}\n`);
    await dropFile(page, sheet, { name: 'preisliste-gesamt.csv', mimeType: 'text/csv', content: large });
    await expect(sheet.getByRole('button', { name: 'CSV-Datei' })).toContainText('preisliste-gesamt.csv');

    // The server's answer is held until the processing phase has been seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Fetch.enable', {
      patterns: [{ urlPattern: '*/api/content/', requestStage: 'Response' }],
    });
    const paused = new Promise<string>((resolve) => {
      cdp.on('Fetch.requestPaused', (event) => resolve(event.requestId));
    });
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    const requestId = await paused;
    await expect(sheet.getByRole('status').filter({ hasText: 'Wird verarbeitet …' })).toBeVisible();
    await cdp.send('Fetch.continueRequest', { requestId });
    await cdp.send('Fetch.disable');
    await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });
    await expect(page.getByText('Der Eintrag wurde gespeichert.')).toBeVisible();
    await expect(page.getByText('Zeilen 1–250 von 20.000')).toBeVisible();
  });
});
