/** What other parts of the app use from the companies feature: the member's consent in their settings. */
export { DirectorySettings } from './components/directory-settings';

/** The member directory (issue 36, /mitglieder), loaded on first visit (its own chunk). */
export const loadDirectoryPage = async () => (await import('./directory-page')).DirectoryPage;
/** A company's page (/mitglieder/{id}), in the directory's chunk. */
export const loadCompanyPage = async () => (await import('./company-page')).CompanyPage;
