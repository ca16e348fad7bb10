/**
 * Locators and helpers of the blog specs: the list's articles and their admin buttons, the tag chips, the
 * drawer, downloads of media-library files and typing into the rich-text editor.
 */
import type { Locator, Page } from '@playwright/test';

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

/** Types into a rich-text editor as a user does. */
export async function typeInEditor(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.type(text);
}
