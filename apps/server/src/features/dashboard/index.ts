/** The dashboard feature as app.ts sees it. */
export { dashboardRoutes } from './dashboard.routes.ts';
export { createDashboardService } from './dashboard.service.ts';
export { dashboardFeature } from './feature.ts';
