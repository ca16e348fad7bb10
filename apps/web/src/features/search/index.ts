/** What other parts of the app use from the search feature: the top bar's field, loaded apart (issue 19). */
export const loadSearchField = async () => (await import('./components/search-field')).SearchField;
/** `/` focuses the field; the frame's placeholder for the field listens for it too. */
export { useSearchShortcut } from './components/use-search-shortcut';

/** The results page, loaded on first visit (its own chunk). */
export const loadSearchPage = async () => (await import('./search-page')).SearchPage;

/** The search's synonyms under 'Verwaltung' (issue 33, /admin/synonyms), loaded on first visit (its own chunk). */
export const loadSearchSynonymsPage = async () =>
  (await import('./synonyms/search-synonyms-page')).SearchSynonymsPage;
