/** The administration of member companies (issue 36), each screen its own chunk. */
export const loadAdminCompaniesPage = async () => (await import('./admin-companies-page')).AdminCompaniesPage;
export const loadAdminCompanyPage = async () => (await import('./admin-company-page')).AdminCompanyPage;
export const loadAdminCompanyReviewPage = async () =>
  (await import('./admin-company-review-page')).AdminCompanyReviewPage;
export const loadAdminCompanyImportPage = async () =>
  (await import('./admin-company-import-page')).AdminCompanyImportPage;
export const loadAdminSpecialtiesPage = async () =>
  (await import('./admin-specialties-page')).AdminSpecialtiesPage;
