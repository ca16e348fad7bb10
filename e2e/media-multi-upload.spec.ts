/**
 * Issue 31 point 7 in the browser: the media library takes several files at once, each named from its file
 * (SPEC §5 auto-name, the shared cases of test-fixtures/autoname-cases.json), and warns in German before the
 * upload about a file the library holds already (same content anywhere, same name in the category) so that
 * the admin decides. At 1280 and 360 px.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { MEDIA_API } from '@portal/contract';
import { loginAs } from './support/auth.ts';
import { MediaApi } from './support/media-api.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT, UPLOAD_TIMEOUT } from './support/timeouts.ts';

const suffix = uniqueSuffix();
/** Files of this run only (the demo data holds the fixtures' bytes already): bytes after the end count too. */
const unique = (fixture: string) =>
  Buffer.concat([readFileSync(fixturePath(fixture)), Buffer.from(`\n${suffix}\n`)]);
const PHOTO = unique('images/foto-exif-gps.jpg');
const PDF = unique('docs/merkblatt.pdf');
const LOGO = unique('images/logo.png');
const AUTONAME = JSON.parse(readFileSync(fixturePath('autoname-cases.json'), 'utf8')) as {
  cases: { file: string; name: string }[];
};
const SHOTS = process.env.SHOTS_DIR;

/** The shared case's expected name of a file name. */
function autoName(file: string): string {
  const found = AUTONAME.cases.find((entry) => entry.file === file);
  if (!found) throw new Error(`no auto-name case for ${file}`);
  return found.name;
}

const FILES = [
  { name: 'Übersicht Förderprogramme 2026, Teil 1.pdf', mimeType: 'application/pdf', buffer: PDF },
  { name: 'Straßenbau.v2.final.JPG', mimeType: 'image/jpeg', buffer: PHOTO },
  { name: 'Café Müller.png', mimeType: 'image/png', buffer: LOGO },
];

const ARCHIVE = `Archiv ${suffix}`;
const TARGET = `Neuzugänge ${suffix}`;
let request: APIRequestContext;
let api: MediaApi;
let target = 0;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  api = await MediaApi.as(request, 'admin');
  const archive = await api.createCategory(ARCHIVE);
  await api.postForm(MEDIA_API.files, {
    media: JSON.stringify({ name: 'Merkblatt.pdf', category: archive }),
    file: { name: 'merkblatt.pdf', mimeType: 'application/pdf', buffer: PDF },
  });
  target = await api.createCategory(TARGET);
  await api.upload(target, 'images/animiert.gif', 'Logo.png', 'logo-alt.gif');
});

test.afterAll(async () => {
  await api.removeCategories((node) => node.name.endsWith(suffix));
  await request.dispose();
});

async function openUpload(page: Page): Promise<Locator> {
  await loginAs(page, 'admin', `/media/${target}`);
  await page.getByRole('button', { name: 'Neue Datei hochladen' }).click();
  const sheet = page.getByRole('dialog', { name: 'Neue Datei hochladen' });
  await expect(sheet.getByRole('textbox', { name: 'Name' })).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
  return sheet;
}

async function chooseAll(page: Page, sheet: Locator): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await sheet.getByRole('button', { name: 'Datei' }).click();
  const fileChooser = await chooser;
  expect(fileChooser.isMultiple()).toBe(true);
  await fileChooser.setFiles(FILES);
}

function entry(sheet: Locator, fileName: string): Locator {
  return sheet.getByRole('list', { name: 'Ausgewählte Dateien' }).getByRole('listitem', { name: fileName });
}

test('an admin uploads three files at once, each auto-named, and decides about the duplicates', async ({
  page,
}) => {
  const sheet = await openUpload(page);
  await chooseAll(page, sheet);
  const entries = sheet.getByRole('list', { name: 'Ausgewählte Dateien' }).getByRole('listitem');
  await expect(entries).toHaveCount(3);
  for (const file of FILES) {
    await expect(entry(sheet, file.name).getByRole('textbox', { name: 'Name' })).toHaveValue(
      autoName(file.name),
    );
  }

  // The same bytes lie in another category already: warned before anything is sent.
  const copy = entry(sheet, FILES[0]?.name ?? '');
  await expect(copy).toContainText(
    `Diese Datei liegt schon in der Mediathek: „Merkblatt.pdf“ in „${ARCHIVE}“.`,
  );
  // A name the category has already.
  const cafe = entry(sheet, FILES[2]?.name ?? '');
  await cafe.getByRole('textbox', { name: 'Name' }).fill('Logo.png');
  await expect(cafe).toContainText(`In „${TARGET}“ gibt es schon eine Datei mit diesem Namen.`);
  await expect(
    sheet.getByText('Sie können trotzdem speichern oder die betroffenen Dateien aus der Auswahl entfernen.'),
  ).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Trotzdem speichern' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-multi-desktop.png`, fullPage: true });

  // The admin drops the copy and keeps the rest under a new name.
  await copy.getByRole('button', { name: `${FILES[0]?.name} aus der Auswahl entfernen` }).click();
  await expect(entries).toHaveCount(2);
  await cafe.getByRole('textbox', { name: 'Name' }).fill('Cafe Mueller Logo.png');
  await expect(sheet.getByRole('button', { name: 'Speichern', exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(sheet).toBeHidden({ timeout: UPLOAD_TIMEOUT });
  await expect(page.getByText('2 Dateien wurden gespeichert.')).toBeVisible();
  const list = page.getByRole('list', { name: /^Dateien in / });
  for (const name of ['Cafe Mueller Logo.png', autoName(FILES[1]?.name ?? ''), 'Logo.png']) {
    await expect(
      list.getByRole('link', { name: `${name} (öffnet in neuem Tab)`, exact: true }),
    ).toBeVisible();
  }
});

test('the upload with its warnings fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const sheet = await openUpload(page);
  await chooseAll(page, sheet);
  await expect(entry(sheet, FILES[0]?.name ?? '')).toContainText('Diese Datei liegt schon in der Mediathek');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/media-multi-phone.png`, fullPage: true });
});
