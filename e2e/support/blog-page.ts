/**
 * Locators and helpers of the blog specs: the list's articles and their admin buttons, the tag chips, the
 * drawer, downloads of media-library files and typing into the rich-text editor.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { LAZY_CHUNK_TIMEOUT } from './timeouts.ts';

/** Demo posts (apps/server/src/cli/demo-news.ts) */
export const DEMO = {
  merkblatt: 'DIN 18008: Was sich für den Glashandel ändert',
  scheduled: 'Vorschau: Jahreshauptversammlung 2027',
  internal: 'Vorstandssitzung: Ergebnisse und nächste Schritte',
  forPartners: 'Glastage 2026: Anmeldung geöffnet',
};

export function drawer(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

export function article(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title });
}

export function actionsOf(page: Page, title: string): Locator {
  return page.getByRole('group', { name: `Aktionen für ${title}` });
}

export function tagChips(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Schlagwörter' });
}

/** Records the Authorization header of every request for a media-library file. */
export function recordDownloads(page: Page): string[] {
  const authorization: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/mediaLibrary/Dokumente/Merkblatt.pdf')
      authorization.push(sent.headers().authorization ?? '');
  });
  return authorization;
}

/** Waits until a form's rich-text editor has loaded (its chunk comes when the form first opens) and shows. */
export async function expectEditor(editor: Locator): Promise<void> {
  await expect(editor).toBeVisible({ timeout: LAZY_CHUNK_TIMEOUT });
}

/**
 * Writes text into a rich-text editor once it has loaded: a click into it, then the text as one input, as
 * the browser enters dictated, pasted or IME text. Typed key by key, every character is an editor
 * transaction and a form render, 300 ms each on the busy CI machine; what the tests check is the text.
 */
export async function typeInEditor(page: Page, editor: Locator, text: string): Promise<void> {
  await expectEditor(editor);
  await editor.click();
  await page.keyboard.insertText(text);
}
