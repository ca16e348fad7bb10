/** The audit log screen (issue 18, /admin/audit), loaded on first visit (its own chunk). */
export const loadAdminAuditPage = async () => (await import('./admin-audit-page')).AdminAuditPage;
