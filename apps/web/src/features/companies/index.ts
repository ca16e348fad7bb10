/**
 * What other parts of the app use from the companies feature: the member's consent and photo in their settings,
 * and authors' names and photos linked to their person page (issue 36 point 6).
 */
export { AuthorAvatar, AuthorName } from './components/author';
export { DirectorySettings } from './components/directory-settings';
export { PhotoSettings } from './components/photo-settings';

/** The member directory (issue 36, /mitglieder), loaded on first visit (its own chunk). */
export const loadDirectoryPage = async () => (await import('./directory-page')).DirectoryPage;
/** A company's page (/mitglieder/{id}), in the directory's chunk. */
export const loadCompanyPage = async () => (await import('./company-page')).CompanyPage;
/** A person's page (/personen/{id}, issue 36 point 6), in the directory's chunk. */
export const loadPersonPage = async () => (await import('./person-page')).PersonPage;
