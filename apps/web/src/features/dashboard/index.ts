/** The dashboard screen, loaded on first visit (its own chunk). */
export const loadDashboardPage = async () => (await import('./dashboard-page')).DashboardPage;
