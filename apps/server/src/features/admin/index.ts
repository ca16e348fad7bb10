/** The administration feature as app.ts and the user CLI see it (issue 18). */
export { adminRoutes } from './admin.routes.ts';
export { createAdminServices } from './admin-services.ts';
export { adminFeature } from './feature.ts';
export { createMembersService } from './members.service.ts';
