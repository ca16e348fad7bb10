import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { MEDIA_API, MEDIA_FILES_PAGE_SIZE } from '@portal/contract';
import { loginAs, reloadApp } from './support/auth.ts';
import { pauseClock } from './support/clock.ts';
import { MediaApi } from './support/media-api.ts';
import { APP_ORIGIN } from './support/origins.ts';
import { fixturePath, flatten, uniqueSuffix } from './support/test-data.ts';
import { APP_START_TIMEOUT, LAZY_CHUNK_TIMEOUT, UPLOAD_TIMEOUT } from './support/timeouts.ts';
import { dragOnto, settle, treeSaved, visibleNodes as visibleTreeNodes } from './support/tree.ts';
import { withTreeLock } from './support/tree-lock.ts';

const PHOTO = readFileSync(fixturePath('images/foto-exif-gps.jpg'));
const PDF = readFileSync(fixturePath('docs/merkblatt.pdf'));
const NOT_EMPTY = 'Die Kategorie enthält noch Dateien oder Unterkategorien und kann nicht gelöscht werden.';

/** The media tree (SPEC §2 Media library), a section headed 'Kategorien'. */
function mediaTree(page: Page): Locator {
  return page.getByRole('region', { name: 'Kategorien' });
}

/** A tree node that is not the current one: a link 'Name (count)'. */
function nodeLink(page: Page, name: string, count: number): Locator {
  return mediaTree(page).getByRole('link', { name: `${name} (${count})`, exact: true });
}

function fileList(page: Page): Locator {
  return page.getByRole('list', { name: /^Dateien in / });
}

function fileRow(page: Page, name: string): Locator {
  return fileList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `${name} (öffnet in neuem Tab)`, exact: true }) });
}

/** Names of the visible tree nodes that contain `part`, in order, indented by their level. */
function visibleNodes(page: Page, part: string): Promise<string[]> {
  return visibleTreeNodes(mediaTree(page), part, 'a, [aria-current="page"]');
}

function saveTreeResponse(page: Page) {
  return treeSaved(page, MEDIA_API.saveTree);
}

/** Chooses a file in the form's file input (Mantine's FileInput opens the system's chooser). */
async function chooseFile(page: Page, sheet: Locator, name: string, mimeType: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'Datei' }).click();
  await (await chooser).setFiles({ name, mimeType, buffer });
}

test.describe('media library as an admin', () => {
  const suffix = uniqueSuffix();
  let request: APIRequestContext;
  let api: MediaApi;
  /** Categories made through the API; those made in the app carry the suffix. */
  const created = new Set<number>();
  const createCategory = async (name: string, parentId?: number) => {
    const id = await api.createCategory(name, parentId);
    created.add(id);
    return id;
  };

  test.beforeAll(async ({ playwright }) => {
    request = await playwright.request.newContext();
    api = await MediaApi.as(request, 'admin');
  });

  // After each test, so that the next one (and its screenshots) sees only the demo library and its own.
  test.afterEach(async () => {
    await api.removeCategories((node) => created.has(node.id) || node.name.includes(suffix));
    created.clear();
  });

  test.afterAll(async () => {
    await request.dispose();
  });

  test('should create categories and a sub-category in the drawer', async ({ page }) => {
    const photos = `Fotos ${suffix}`;
    const documents = `Dokumente ${suffix}`;
    const summer = `Sommerfest ${suffix}`;
    await loginAs(page, 'admin');
    await page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Mediathek' })
      .click();
    await expect(page).toHaveURL(/\/media$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mediathek' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toHaveText('Mediathek');
    await expect(page.getByText('Wählen Sie eine Kategorie, um ihre Dateien zu sehen.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neue Datei hochladen' })).toHaveCount(0);

    // 'Neue Kategorie' opens a drawer on the right with the name field focused.
    await mediaTree(page).getByRole('button', { name: 'Neue Kategorie' }).click();
    let drawer = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await expect(drawer.getByRole('textbox', { name: 'Name' })).toBeFocused({ timeout: LAZY_CHUNK_TIMEOUT });
    // On the right edge, once it has slid in.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && Math.round(box.x + box.width) === 1280 && box.x > 640;
      })
      .toBe(true);
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect(drawer.getByText('Name ist ein Pflichtfeld.')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Name' }).fill(photos);
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText('Die Kategorie wurde gespeichert.')).toBeVisible();
    await expect(nodeLink(page, photos, 0)).toBeVisible();

    await mediaTree(page).getByRole('button', { name: 'Neue Kategorie' }).click();
    drawer = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await drawer.getByRole('textbox', { name: 'Name' }).fill(documents);
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect(drawer).toBeHidden();
    await expect(nodeLink(page, documents, 0)).toBeVisible();

    // A sub-category: the parent unfolds to show it.
    await mediaTree(page).getByRole('button', { name: 'Neue Kategorie' }).click();
    drawer = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await drawer.getByRole('textbox', { name: 'Name' }).fill(summer);
    await drawer.getByRole('combobox', { name: 'Übergeordnete Kategorie' }).click();
    await drawer.getByRole('option', { name: photos, exact: true }).click();
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect(drawer).toBeHidden();
    await expect(mediaTree(page).getByRole('button', { name: `${photos} einklappen` })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect
      .poll(() => visibleNodes(page, suffix))
      .toEqual([`${photos} (0)`, `  ${summer} (0)`, `${documents} (0)`]);
  });

  test('should reorder the tree by drag and drop and with the keyboard, and keep the order', async ({
    page,
  }) => {
    // The drags save the whole tree: no spec beside may delete a category meanwhile (tree-lock.ts).
    await withTreeLock('media', async () => {
      const photos = `Fotos ${suffix}`;
      const documents = `Dokumente ${suffix}`;
      const summer = `Sommerfest ${suffix}`;
      const photosId = await createCategory(photos);
      await createCategory(summer, photosId);
      await createCategory(documents);
      await loginAs(page, 'admin', '/media');
      // The parent unfolds to show its sub-category.
      await mediaTree(page)
        .getByRole('button', { name: `${photos} ausklappen` })
        .click();
      await expect
        .poll(() => visibleNodes(page, suffix))
        .toEqual([`${photos} (0)`, `  ${summer} (0)`, `${documents} (0)`]);

      // With the mouse: 'Dokumente' up onto 'Fotos' puts it first.
      const handle = (name: string) => mediaTree(page).getByRole('button', { name: `${name} verschieben` });
      let saved = saveTreeResponse(page);
      await dragOnto(page, handle(documents), nodeLink(page, photos, 0));
      expect((await saved).status()).toBe(200);
      await expect
        .poll(() => visibleNodes(page, suffix))
        .toEqual([`${documents} (0)`, `${photos} (0)`, `  ${summer} (0)`]);
      await settle(page);

      // With the keyboard: 'Sommerfest' one level out, to the top level after 'Fotos'.
      saved = saveTreeResponse(page);
      await handle(summer).focus();
      await page.keyboard.press('Space');
      await expect(handle(summer)).toHaveAttribute('aria-pressed', 'true');
      await settle(page);
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('status').filter({ hasText: `${summer}: oberste Ebene.` })).toBeAttached();
      await page.keyboard.press('Space');
      expect((await saved).status()).toBe(200);
      await expect
        .poll(() => visibleNodes(page, suffix))
        .toEqual([`${documents} (0)`, `${photos} (0)`, `${summer} (0)`]);

      // The order is saved: after a reload, and on the server.
      await reloadApp(page);
      await expect(nodeLink(page, summer, 0)).toBeVisible();
      expect(await visibleNodes(page, suffix)).toEqual([
        `${documents} (0)`,
        `${photos} (0)`,
        `${summer} (0)`,
      ]);
      const roots = (await api.tree()).map((node) => node.name).filter((name) => name.includes(suffix));
      expect(roots).toEqual([documents, photos, summer]);
    });
  });

  test('should show a category with its breadcrumbs, and no files yet', async ({ page }) => {
    const gallery = `Galerie ${suffix}`;
    const id = await createCategory(gallery);
    await loginAs(page, 'admin', '/media');
    await nodeLink(page, gallery, 0).click();
    await expect(page).toHaveURL(new RegExp(`/media/${id}$`));

    const crumbs = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(crumbs.getByRole('link', { name: 'Mediathek' })).toHaveAttribute('href', '/media');
    await expect(crumbs.getByText(gallery)).toHaveAttribute('aria-current', 'page');
    // The current node is text, not a link.
    const current = mediaTree(page).locator('[aria-current="page"]');
    await expect(current).toHaveText(`${gallery} (0)`);
    await expect(current).not.toHaveAttribute('href');
    await expect(page.getByRole('heading', { level: 2, name: gallery })).toBeVisible();
    await expect(page.getByText('In dieser Kategorie gibt es noch keine Dateien.')).toBeVisible();
  });

  test('should upload a photo with a name made from its file name', async ({ page }) => {
    const gallery = `Galerie ${suffix}`;
    const id = await createCategory(gallery);
    await loginAs(page, 'admin', `/media/${id}`);
    const current = mediaTree(page).locator('[aria-current="page"]');
    await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Neue Datei hochladen' });
    await expect(sheet.getByText('Erlaubte Dateiformate: JPG, PNG, GIF, PDF')).toBeVisible({
      timeout: LAZY_CHUNK_TIMEOUT,
    });
    await expect(sheet.locator('input[type="file"]')).toHaveAttribute(
      'accept',
      'image/jpeg,image/png,image/gif,application/pdf',
    );
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(sheet.getByRole('combobox', { name: 'Kategorie' })).toHaveValue(gallery);
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet.getByText('Bitte wählen Sie eine Datei aus.')).toBeVisible();
    await expect(sheet.getByText('Name ist ein Pflichtfeld.')).toBeVisible();

    // SPEC §5 auto-name: umlauts spelled out, dots and commas to underscores, the extension kept.
    await chooseFile(page, sheet, 'Glasöfen, Übersicht.Sommer.jpg', 'image/jpeg', PHOTO);
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Glasoefen_ Uebersicht_Sommer.jpg',
    );
    await expect(sheet.getByText('Name ist ein Pflichtfeld.')).toBeHidden();
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });
    await expect(page.getByText('Die Datei wurde gespeichert.')).toBeVisible();
    await expect(fileRow(page, 'Glasoefen_ Uebersicht_Sommer.jpg')).toBeVisible();
    await expect(current).toHaveText(`${gallery} (1)`);
  });

  test('should keep a name typed before the file, and list the files by name with their icons', async ({
    page,
  }) => {
    const gallery = `Galerie ${suffix}`;
    const id = await createCategory(gallery);
    await api.upload(
      id,
      'images/foto-exif-gps.jpg',
      'Glasoefen_ Uebersicht_Sommer.jpg',
      'Glasöfen, Übersicht.Sommer.jpg',
    );
    await loginAs(page, 'admin', `/media/${id}`);
    const current = mediaTree(page).locator('[aria-current="page"]');
    await expect(current).toHaveText(`${gallery} (1)`);

    await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Neue Datei hochladen' });
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue('', {
      timeout: LAZY_CHUNK_TIMEOUT,
    });
    await sheet.getByRole('textbox', { name: 'Name' }).fill('Eigener Name.pdf');
    await chooseFile(page, sheet, 'Café Merkblatt 2026, final.pdf', 'application/pdf', PDF);
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue('Eigener Name.pdf');
    // Emptied, with the choice cleared: the next file names it again (a second choice would add a file).
    await sheet.getByRole('textbox', { name: 'Name' }).fill('');
    await sheet.getByRole('button', { name: 'Auswahl leeren' }).click();
    await chooseFile(page, sheet, 'Café Merkblatt 2026, final.pdf', 'application/pdf', PDF);
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue('Cafe Merkblatt 2026_ final.pdf');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });
    await expect(current).toHaveText(`${gallery} (2)`);

    // Sorted by name, each with the icon of its kind.
    const rows = fileList(page).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Cafe Merkblatt 2026_ final.pdf');
    await expect(rows.nth(1)).toContainText('Glasoefen_ Uebersicht_Sommer.jpg');
    await expect(rows.nth(0).locator('[data-kind]')).toHaveAttribute('data-kind', 'pdf');
    await expect(rows.nth(1).locator('[data-kind]')).toHaveAttribute('data-kind', 'image');
    const stored = await api.files(id);
    expect(stored.map((file) => file.originalFilename).sort()).toEqual([
      'Café Merkblatt 2026, final.pdf',
      'Glasöfen, Übersicht.Sommer.jpg',
    ]);
  });

  test('should copy a file url and open the file in a new tab', async ({ page, context }) => {
    const category = `Kopieren ${suffix}`;
    const id = await createCategory(category);
    const photo = await api.upload(id, 'images/foto-exif-gps.jpg', 'Messestand.jpg');
    const pdf = await api.upload(id, 'docs/merkblatt.pdf', 'Merkblatt.pdf');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_ORIGIN });
    // The page's clock is ours to move, so the 2 s of the confirmation are measured exactly, not slept.
    await page.clock.install();
    await loginAs(page, 'admin', `/media/${id}`);

    // Copy: the file's url on the clipboard, the confirmation for 2 s (SPEC §9).
    const row = fileRow(page, photo.name);
    await expect(row).toBeVisible();
    await pauseClock(page);
    await row.getByRole('button', { name: `URL kopieren: ${photo.name}` }).click();
    const confirmation = row.getByRole('button', { name: 'Kopiert' });
    await expect(confirmation).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(photo.url);
    expect(photo.url).toBe(`${APP_ORIGIN}${photo.publicPath}`);
    await page.clock.runFor(1_900);
    await expect(confirmation).toBeVisible();
    await page.clock.runFor(200);
    await expect(confirmation).toBeHidden();
    await page.clock.resume();
    await expect(row.getByRole('button', { name: `URL kopieren: ${photo.name}` })).toBeVisible();

    // The name and the icon open the public address in a new tab, served with the file's type.
    const link = row.getByRole('link', { name: `${photo.name} (öffnet in neuem Tab)` });
    await expect(link).toHaveAttribute('href', photo.publicPath);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
    const photoResponse = context.waitForEvent('response', (response) => response.url() === photo.url);
    const icon = await row.locator('[data-kind]').boundingBox();
    if (!icon) throw new Error('the icon is not laid out');
    const popup = page.waitForEvent('popup');
    await page.mouse.click(icon.x + icon.width / 2, icon.y + icon.height / 2);
    const tab = await popup;
    await expect(tab).toHaveURL(photo.url);
    expect((await photoResponse).headers()['content-type']).toBe('image/jpeg');
    await tab.close();

    const pdfResponse = context.waitForEvent('response', (response) => response.url() === pdf.url);
    const pdfTab = page.waitForEvent('popup');
    await fileRow(page, pdf.name).getByRole('link').click();
    expect((await pdfResponse).headers()['content-type']).toBe('application/pdf');
    await expect(await pdfTab).toHaveURL(pdf.url);
    await expect(page).toHaveURL(new RegExp(`/media/${id}$`));
  });

  test('should rename a file, keeping its public address', async ({ page }) => {
    const category = `Archiv ${suffix}`;
    const id = await createCategory(category);
    const photo = await api.upload(id, 'images/foto-exif-gps.jpg', 'Zeltaufbau.jpg');
    await api.upload(id, 'docs/merkblatt.pdf', 'Einladung.pdf');
    await loginAs(page, 'admin', `/media/${id}`);
    const current = mediaTree(page).locator('[aria-current="page"]');
    await expect(current).toHaveText(`${category} (2)`);

    // Edit: the name changes, the public address stays.
    await page.getByRole('button', { name: `Datei ${photo.name} bearbeiten` }).click();
    const sheet = page.getByRole('dialog', { name: 'Datei bearbeiten' });
    await expect(sheet.getByText(`Aktuelle Datei: ${photo.originalFilename}.`)).toBeVisible({
      timeout: LAZY_CHUNK_TIMEOUT,
    });
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue(photo.name);
    await sheet.getByRole('textbox', { name: 'Name' }).fill('Aufbau des Zelts.jpg');
    await sheet.getByRole('button', { name: 'Speichern' }).click();
    await expect(sheet).toBeHidden();
    const renamed = fileRow(page, 'Aufbau des Zelts.jpg');
    await expect(renamed.getByRole('link')).toHaveAttribute('href', photo.publicPath);
    await expect(fileRow(page, photo.name)).toHaveCount(0);
    await expect(fileList(page).getByRole('listitem').first()).toContainText('Aufbau des Zelts.jpg');
    await expect(current).toHaveText(`${category} (2)`);
  });

  test('should delete a file after confirming', async ({ page }) => {
    const category = `Archiv ${suffix}`;
    const id = await createCategory(category);
    await api.upload(id, 'images/foto-exif-gps.jpg', 'Zeltaufbau.jpg');
    const pdf = await api.upload(id, 'docs/merkblatt.pdf', 'Einladung.pdf');
    await loginAs(page, 'admin', `/media/${id}`);
    const current = mediaTree(page).locator('[aria-current="page"]');
    await expect(current).toHaveText(`${category} (2)`);

    // 'Nein' keeps it, 'Ja' removes it.
    await page.getByRole('button', { name: `Datei ${pdf.name} löschen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(dialog.getByText(`Wollen Sie die Datei "${pdf.name}" wirklich löschen?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Nein' }).click();
    await expect(dialog).toBeHidden();
    await expect(fileRow(page, pdf.name)).toBeVisible();
    await page.getByRole('button', { name: `Datei ${pdf.name} löschen` }).click();
    await page.getByRole('dialog', { name: 'Löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Datei wurde gelöscht.')).toBeVisible();
    await expect(fileRow(page, pdf.name)).toHaveCount(0);
    await expect(current).toHaveText(`${category} (1)`);
  });

  test('should delete a category only once it is empty', async ({ page }) => {
    const category = `Archiv ${suffix}`;
    const id = await createCategory(category);
    const photo = await api.upload(id, 'images/foto-exif-gps.jpg', 'Zeltaufbau.jpg');
    await loginAs(page, 'admin', `/media/${id}`);
    const current = mediaTree(page).locator('[aria-current="page"]');
    await expect(current).toHaveText(`${category} (1)`);

    // A category that still holds a file is refused (409) with the server's German reason.
    await mediaTree(page)
      .getByRole('button', { name: `Kategorie ${category} löschen` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Löschen?' });
    await expect(dialog.getByText(`Wollen Sie den Eintrag "${category}" wirklich löschen?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText(NOT_EMPTY)).toBeVisible();
    await expect(current).toHaveText(`${category} (1)`);

    // Empty, it goes; the page returns to the library.
    await page.getByRole('button', { name: `Datei ${photo.name} löschen` }).click();
    await page.getByRole('dialog', { name: 'Löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('In dieser Kategorie gibt es noch keine Dateien.')).toBeVisible();
    await expect(current).toHaveText(`${category} (0)`);
    await mediaTree(page)
      .getByRole('button', { name: `Kategorie ${category} löschen` })
      .click();
    await page.getByRole('dialog', { name: 'Löschen?' }).getByRole('button', { name: 'Ja' }).click();
    await expect(page.getByText('Die Kategorie wurde gelöscht.')).toBeVisible();
    await expect(page).toHaveURL(/\/media$/);
    await expect(mediaTree(page).getByText(category)).toHaveCount(0);
    expect(flatten(await api.tree()).some((node) => node.id === id)).toBe(false);
  });

  test('should edit a category in the drawer and show server field errors there', async ({ page }) => {
    const category = `Formulare ${suffix}`;
    const id = await createCategory(category);
    await loginAs(page, 'admin', `/media/${id}`);
    await mediaTree(page)
      .getByRole('button', { name: `Kategorie ${category} bearbeiten` })
      .click();
    const drawer = page.getByRole('dialog', { name: 'Kategorie bearbeiten' });
    await expect(drawer.getByRole('textbox', { name: 'Name' })).toHaveValue(category);

    await page.route('**/api/mediaCategory/', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            json: {
              detail: 'Ungültige Eingabe.',
              errors: { 'mediaCategory.name': 'Dieser Name ist zu lang.' },
            },
          })
        : route.fallback(),
    );
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect(drawer.getByText('Dieser Name ist zu lang.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Ungültige Eingabe.' })).toBeVisible();
    await page.unroute('**/api/mediaCategory/');

    const renamed = `Vordrucke ${suffix}`;
    await drawer.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await drawer.getByRole('button', { name: 'Speichern' }).click();
    await expect(drawer).toBeHidden();
    await expect(mediaTree(page).locator('[aria-current="page"]')).toHaveText(`${renamed} (0)`);
    await expect(page.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toContainText(renamed);
    await expect(page.getByRole('heading', { level: 2, name: renamed })).toBeVisible();
  });

  test('should say so when the files cannot be loaded', async ({ page }) => {
    const category = `Fehler ${suffix}`;
    const id = await createCategory(category);
    // the first page's address carries `?limit` (issue 19)
    await page.route(
      (url) => url.pathname === MEDIA_API.file(id),
      (route) => route.fulfill({ status: 500, json: {} }),
    );
    await loginAs(page, 'admin', `/media/${id}`);
    await expect(page.getByText('Die Dateien konnten nicht geladen werden.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Neue Datei hochladen' })).toHaveCount(0);
  });

  test('should load a long list a page at a time', async ({ page }) => {
    const id = await createCategory(`Archiv ${suffix}`);
    const files = [];
    for (let n = 1; n <= MEDIA_FILES_PAGE_SIZE + 1; n += 1) {
      files.push(await api.upload(id, 'images/logo.png', `Logo ${String(n).padStart(3, '0')}.png`));
    }
    await loginAs(page, 'admin', `/media/${id}`);
    await expect(fileList(page).getByRole('listitem')).toHaveCount(MEDIA_FILES_PAGE_SIZE);
    await expect(page.getByRole('status').filter({ hasText: 'von' })).toHaveText(
      `${MEDIA_FILES_PAGE_SIZE} von ${MEDIA_FILES_PAGE_SIZE + 1} Dateien angezeigt`,
    );
    const more = page.getByRole('button', { name: 'Weitere Dateien laden' });
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/screenshots/media-more-files-desktop.png' });
    await more.click();
    await expect(fileList(page).getByRole('listitem')).toHaveCount(MEDIA_FILES_PAGE_SIZE + 1);
    await expect(
      fileRow(page, `Logo ${String(MEDIA_FILES_PAGE_SIZE + 1).padStart(3, '0')}.png`),
    ).toBeVisible();
    await expect(more).toHaveCount(0);

    // a search hit on the last file: the pages before it are loaded until it shows
    const last = files.at(-1);
    await page.goto(`/media/${id}?file=${last?.id}`);
    await expect(page.locator(`[data-linked]`)).toContainText(last?.name ?? '-', {
      timeout: APP_START_TIMEOUT,
    });
  });

  test('should say so when the category is gone or no category at all', async ({ page }) => {
    await loginAs(page, 'admin', '/media/999999');
    await expect(page.getByText('Diese Kategorie gibt es nicht (mehr).')).toBeVisible();
    await page.goto('/media/abc');
    await expect(page.getByText('Diese Kategorie gibt es nicht (mehr).')).toBeVisible({
      timeout: APP_START_TIMEOUT,
    });
  });

  /** Plain names: the screenshots document the screens. */
  async function pressPhotos(): Promise<number> {
    const id = await createCategory('Pressefotos');
    await createCategory('Messe 2026', id);
    await api.upload(
      id,
      'images/foto-exif-gps.jpg',
      'Messestand Halle 3 mit Glasfassade.jpg',
      'IMG_4711.jpg',
    );
    await api.upload(id, 'docs/merkblatt.pdf', 'Preisliste 2026.pdf');
    await api.upload(id, 'images/logo.png', 'Verbandslogo.png');
    await api.upload(
      id,
      'images/animiert.gif',
      'Sehr_langer_Dateiname_einer_Animation_ohne_Leerzeichen_Isolierglas_Fertigung.gif',
    );
    return id;
  }

  test('should look right on a desktop', async ({ page }) => {
    const id = await pressPhotos();
    await loginAs(page, 'admin', '/media');
    await expect(nodeLink(page, 'Pressefotos', 4)).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/media-overview-desktop.png', fullPage: true });

    await nodeLink(page, 'Pressefotos', 4).click();
    await expect(page).toHaveURL(new RegExp(`/media/${id}$`));
    await expect(fileList(page).getByRole('listitem')).toHaveCount(4);
    await expect(nodeLink(page, 'Messe 2026', 0)).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/media-desktop.png', fullPage: true });
    await mediaTree(page).getByRole('button', { name: 'Kategorie Messe 2026 bearbeiten' }).click();
    const drawer = page.getByRole('dialog', { name: 'Kategorie bearbeiten' });
    await expect(drawer.getByRole('combobox', { name: 'Übergeordnete Kategorie' })).toHaveValue(
      'Pressefotos',
      { timeout: LAZY_CHUNK_TIMEOUT },
    );
    await page.screenshot({ path: 'docs/screenshots/media-category-drawer-desktop.png' });
  });

  test('should look right on a phone', async ({ page }) => {
    const id = await pressPhotos();
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs(page, 'admin', `/media/${id}`);
    await expect(fileList(page).getByRole('listitem')).toHaveCount(4);
    // Nothing sticks out sideways on a phone; the tree comes before the files.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const treeBox = await mediaTree(page).boundingBox();
    const filesBox = await fileList(page).boundingBox();
    expect(treeBox && filesBox && treeBox.y + treeBox.height <= filesBox.y).toBe(true);
    await page.screenshot({ path: 'docs/screenshots/media-phone.png', fullPage: true });

    await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
    const sheet = page.getByRole('dialog', { name: 'Neue Datei hochladen' });
    await chooseFile(page, sheet, 'Übersicht Förderprogramme 2026, Teil 1.pdf', 'application/pdf', PDF);
    await expect(sheet.getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Uebersicht Foerderprogramme 2026_ Teil 1.pdf',
    );
    await page.screenshot({ path: 'docs/screenshots/media-upload-form-phone.png' });
    // A chosen file is a change: Escape asks before the form closes.
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: 'Änderungen verwerfen?' })
      .getByRole('button', { name: 'Verwerfen' })
      .click();
    await expect(sheet).toBeHidden();

    // The drawer takes the whole width of a phone, no more.
    await mediaTree(page).getByRole('button', { name: 'Neue Kategorie' }).click();
    const phoneDrawer = page.getByRole('dialog', { name: 'Neue Kategorie' });
    await expect(phoneDrawer.getByRole('textbox', { name: 'Name' })).toBeFocused({
      timeout: LAZY_CHUNK_TIMEOUT,
    });
    await expect
      .poll(async () => {
        const box = await phoneDrawer.boundingBox();
        return box && [Math.round(box.x), Math.round(box.width)];
      })
      .toEqual([0, 360]);
    await page.screenshot({ path: 'docs/screenshots/media-category-drawer-phone.png' });
  });
});

test.describe('media library as a member', () => {
  test('should send a member to the login page and say why', async ({ page }) => {
    await loginAs(page, 'mitglied');
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Mediathek' }),
    ).toHaveCount(0);
    await page.goto('/media');
    await expect(page).toHaveURL(/\/login\?denied=1$/);
    await expect(page.getByText(/Für die aufgerufene Seite fehlt Ihnen die Berechtigung/)).toBeVisible();
  });
});
