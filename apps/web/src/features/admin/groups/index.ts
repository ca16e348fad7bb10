/** The groups screen (issue 18, /admin/groups), loaded on first visit (its own chunk). */
export const loadAdminGroupsPage = async () => (await import('./admin-groups-page')).AdminGroupsPage;
