/**
 * The administration of issue 18 (members, groups, the audit log) and of member companies (issue 36), each
 * screen its own chunk.
 */
export { loadAdminAuditPage } from './audit';
export { loadAdminGroupsPage } from './groups';

export const loadAdminMembersPage = async () =>
  (await import('./members/admin-members-page')).AdminMembersPage;
export {
  loadAdminCompaniesPage,
  loadAdminCompanyImportPage,
  loadAdminCompanyPage,
  loadAdminCompanyReviewPage,
  loadAdminSpecialtiesPage,
} from './companies';
