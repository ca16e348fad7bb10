/**
 * Issue 31 point 7 in the browser: the 'Protokoll' screen names every field as the forms call it and shows
 * sizes with their unit. A second admin, whose entries only this spec writes, uploads and replaces a media file
 * and saves a content entry; the log filtered by that admin shows them. At 1280 and 360 px.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { MEDIA_API } from '@portal/contract';
import { AdminApi } from './support/admin-api.ts';
import { loginAs } from './support/auth.ts';
import { MediaApi, type TMediaFile } from './support/media-api.ts';
import { fixturePath, uniqueSuffix } from './support/test-data.ts';

const suffix = uniqueSuffix();
const EDITOR = `medienpflege-${suffix}`;
const CATEGORY = `Protokollbilder ${suffix}`;
const SHOTS = process.env.SHOTS_DIR;
const PHOTO = readFileSync(fixturePath('images/foto-exif-gps.jpg'));
const LOGO = readFileSync(fixturePath('images/logo.png'));

let request: APIRequestContext;
let admin: AdminApi;
let editorId = 0;
let stored: TMediaFile;
let replacement: TMediaFile;

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext();
  admin = await AdminApi.as(request, 'admin');
  const media = await MediaApi.as(request, EDITOR, { roles: ['ROLE_ADMIN'] });
  editorId = await admin.memberId(EDITOR);
  const category = await media.createCategory(CATEGORY);
  stored = await media.postForm<TMediaFile>(MEDIA_API.files, {
    media: JSON.stringify({ name: 'Glastage.jpg', category }),
    file: { name: 'glastage.jpg', mimeType: 'image/jpeg', buffer: PHOTO },
  });
  // the binary replaced by a small picture: the size goes from kB to bytes
  replacement = await media.postForm<TMediaFile>(MEDIA_API.files, {
    media: JSON.stringify({ id: stored.id, name: 'Logo.png', category }),
    file: { name: 'logo.png', mimeType: 'image/png', buffer: LOGO },
  });
});

test.afterAll(async () => {
  const media = await MediaApi.as(request, 'admin');
  await media.removeCategories((node) => node.name === CATEGORY);
  await admin.eraseMembers([editorId]);
  await request.dispose();
});

function entry(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Einträge' }).getByRole('listitem', { name, exact: true });
}

/** The German size of a number of bytes, as the media list writes it. */
const kilobytes = (bytes: number) => `${Math.round(bytes / 1000)} kB`;

test('the log names the fields as the forms do and shows sizes with units', async ({ page }) => {
  await loginAs(page, 'admin', `/admin/audit?actor=${editorId}`);
  const created = entry(page, 'Datei gespeichert: Glastage.jpg');
  await expect(created.getByRole('term')).toHaveText(['Name', 'Kategorie', 'Datei', 'Größe']);
  await expect(created.getByRole('definition').nth(3)).toHaveText(
    new RegExp(`^—\\s*→?\\s*geändert in\\s*${kilobytes(stored.size)}$`),
  );

  const replaced = entry(page, 'Datei gespeichert: Logo.png');
  await expect(replaced.getByRole('term')).toHaveText(['Name', 'Datei', 'Größe']);
  await expect(replaced.getByRole('definition').nth(2)).toHaveText(
    new RegExp(`^${kilobytes(stored.size)}\\s*→?\\s*geändert in\\s*${replacement.size} Bytes$`),
  );
  await expect(replaced).not.toContainText(/\bsize\b|\bfile\b/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-labels-desktop.png` });
});

test('the entries read the same on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, 'admin', `/admin/audit?actor=${editorId}`);
  const replaced = entry(page, 'Datei gespeichert: Logo.png');
  await expect(replaced.getByRole('term')).toHaveText(['Name', 'Datei', 'Größe']);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-labels-phone.png`, fullPage: true });
});
