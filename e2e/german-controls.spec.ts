/**
 * Issue 31 point 7 in the browser: the controls Mantine draws itself speak German: the password field's
 * visibility toggle ('Toggle password visibility' before), the clear buttons of file, select, multi-select,
 * tag and date fields, the calendars' arrows, dialogs' close buttons. Every screen state below is scanned for
 * English names and for buttons without a name. At 1280 and 360 px.
 */
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { loginAs, passwordField } from './support/auth.ts';
import { expectEditor } from './support/blog-page.ts';
import { MediaApi } from './support/media-api.ts';
import { uniqueSuffix } from './support/test-data.ts';
import { LAZY_CHUNK_TIMEOUT } from './support/timeouts.ts';

const SHOTS = process.env.SHOTS_DIR;
/** Words of Mantine's English defaults (and their likes): none may name a control. */
const ENGLISH =
  /\b(toggle|password|visibility|close|clear|open|next|previous|month|year|decade|remove|select|nothing found|scroll|actions|resize|upload|insert|delete|heading|bold|italic|underline|strikethrough|undo|redo|bullet|ordered|blockquote|horizontal|enter url|save|cancel|submit|loading|show|hide|pick|choose|today)\b/i;

/** English names and unnamed buttons in the page as it is now (visible elements only). */
async function englishOrUnnamed(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && !element.closest('[aria-hidden="true"]');
    };
    const texts: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      if (!visible(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) {
        const value = element.getAttribute(attribute);
        if (value) texts.push(`${attribute}=${value}`);
      }
      const isButton = element.tagName === 'BUTTON' || element.getAttribute('role') === 'button';
      if (isButton) {
        const labelled = element.getAttribute('aria-labelledby');
        const labels = element instanceof HTMLButtonElement ? Array.from(element.labels) : [];
        const name =
          element.getAttribute('aria-label') ??
          (labelled ? document.getElementById(labelled)?.textContent : null) ??
          (labels
            .map((label) => label.textContent ?? '')
            .join(' ')
            .trim() ||
            element.textContent ||
            element.getAttribute('title')) ??
          '';
        texts.push(
          name.trim() === '' ? `unnamed button: ${element.outerHTML.slice(0, 120)}` : `button=${name}`,
        );
      }
    }
    return texts;
  });
  return found.filter(
    (text) => text.startsWith('unnamed button') || ENGLISH.test(text.replace(/^[a-z-]+=/, '')),
  );
}

async function expectGerman(page: Page, state: string): Promise<void> {
  expect(await englishOrUnnamed(page), state).toEqual([]);
}

test('the password toggle of the login form says "Passwort anzeigen"', async ({ page }) => {
  await page.goto('/login');
  const password = passwordField(page);
  await password.fill('geheim');
  const toggle = page.getByRole('button', { name: 'Passwort anzeigen' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: /Toggle password visibility/i })).toHaveCount(0);
  await expectGerman(page, 'login form');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/login-toggle-desktop.png` });
});

test.describe("an admin's forms", () => {
  const suffix = uniqueSuffix();
  let request: APIRequestContext;
  let media: MediaApi;
  let category = 0;

  test.beforeAll(async ({ playwright }) => {
    request = await playwright.request.newContext();
    media = await MediaApi.as(request, 'admin');
    category = await media.createCategory(`Deutsch ${suffix}`);
  });

  test.afterAll(async () => {
    await media.removeCategories((node) => node.name === `Deutsch ${suffix}`);
    await request.dispose();
  });

  async function sheetOf(page: Page, button: string, dialog = button): Promise<Locator> {
    await page.getByRole('button', { name: button }).first().click();
    return page.getByRole('dialog', { name: dialog });
  }

  test('the news form with its pickers, selects, tags and editor', async ({ page }) => {
    await loginAs(page, 'admin', '/blog');
    const sheet = await sheetOf(page, 'Neuer Beitrag');
    await expectEditor(sheet.getByRole('textbox', { name: 'Beitrag' }));
    // with a tag the tag field shows its clear button (a mouse-only control, hidden from the tree)
    await sheet.getByRole('combobox', { name: 'Schlagwörter' }).fill('Glas');
    await sheet.getByRole('combobox', { name: 'Schlagwörter' }).press('Enter');
    await expect(sheet.locator('[aria-label="Auswahl entfernen"]').first()).toBeVisible();
    await expectGerman(page, 'news form');
    await sheet.getByRole('button', { name: 'Veröffentlichen am' }).click();
    await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vorheriger Monat' })).toBeVisible();
    await expectGerman(page, 'news form with the date picker open');
    await page.keyboard.press('Escape');
    await sheet
      .getByRole('toolbar', { name: 'Formatierung: Beitrag' })
      .getByRole('button', { name: 'Link einfügen' })
      .click();
    await expect(page.getByRole('textbox', { name: 'Adresse des Links' })).toBeVisible();
    await expectGerman(page, 'news form with the link editor open');
  });

  test('the member form with its password, and the upload with a chosen file', async ({ page }) => {
    await loginAs(page, 'admin', '/admin/members');
    const member = await sheetOf(page, 'Mitglied anlegen');
    await expect(member.getByRole('button', { name: 'Passwort anzeigen' })).toBeAttached();
    await expectGerman(page, 'member form');
    await member.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(member).toBeHidden();

    await page.goto(`/media/${category}`);
    const upload = await sheetOf(page, 'Neue Datei hochladen');
    await expect(upload.getByRole('textbox', { name: 'Name' })).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Datei' }).click();
    await (await chooser).setFiles({
      name: 'plan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(upload.getByRole('button', { name: 'Auswahl leeren' })).toBeVisible();
    await expectGerman(page, 'upload with a chosen file');
  });

  test('the audit filters and the event form on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await loginAs(page, 'admin', '/admin/audit');
    await expectGerman(page, 'audit filters');
    await page.goto('/event');
    const sheet = await sheetOf(page, 'Neue Veranstaltung');
    await expectEditor(sheet.getByRole('textbox', { name: 'Beschreibung' }));
    await sheet.getByRole('button', { name: 'Beginn' }).click();
    await expect(page.getByRole('spinbutton', { name: 'Stunden' })).toBeVisible();
    await expectGerman(page, 'event form with the date picker open');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/event-picker-phone.png` });
  });
});
