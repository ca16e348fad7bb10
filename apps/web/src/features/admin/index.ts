/** The administration of issue 18: members, groups and the audit log, each screen its own chunk. */
export { loadAdminAuditPage } from './audit';
export { loadAdminGroupsPage } from './groups';

export const loadAdminMembersPage = async () =>
  (await import('./members/admin-members-page')).AdminMembersPage;
