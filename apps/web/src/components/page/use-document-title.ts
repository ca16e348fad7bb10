import { useEffect } from 'react';
import { de } from '../../i18n/de';

/** The tab title of a page: 'Veranstaltungen – Portal', or the app's name alone without a page title. */
export function documentTitle(pageTitle: string | null | undefined): string {
  // A tab has no line to break: the soft hyphens of long words (i18n/de.ts) are left out.
  const title = pageTitle?.replaceAll('\u00AD', '').trim();
  return title ? `${title} – ${de.app.name}` : de.app.name;
}

/** Gives the browser tab the page's title while the page is shown (issue 14 point 7). */
export function useDocumentTitle(pageTitle: string | null | undefined): void {
  const title = documentTitle(pageTitle);
  useEffect(() => {
    document.title = title;
    // The next page sets its own; a screen without one (a loading state) is not left with a stale name.
    return () => {
      document.title = de.app.name;
    };
  }, [title]);
}
