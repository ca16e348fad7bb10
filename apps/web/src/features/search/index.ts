/** What other parts of the app use from the search feature: the top bar's field. */
export { SearchField } from './components/search-field';

/** The results page, loaded on first visit (its own chunk). */
export const loadSearchPage = async () => (await import('./search-page')).SearchPage;
