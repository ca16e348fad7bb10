/** The companies feature (issue 36) as app.ts, the CLI and other features see it. */

export { memberCompanyNames } from './companies.repository.ts';
export { companiesRoutes } from './companies.routes.ts';
export { createCompaniesService } from './companies.service.ts';
export { companiesAdminRoutes } from './companies-admin.routes.ts';
export { createCompanyAdminService } from './company-admin.service.ts';
export { createCompanyImport } from './company-import.ts';
export { createCompanyLoginLink } from './company-login-link.ts';
export { createCompanyReview } from './company-review.ts';
export { companiesFeature } from './feature.ts';
export { type CompanyRef, companyMemberIds, memberCompanies } from './member-companies.ts';
export { peopleRoutes } from './people.routes.ts';
export { createPeopleService } from './people.service.ts';
