/** The auth feature as app.ts sees it. */
export { authRoutes, externalLoginRoutes } from './auth.routes.ts';
export { createAuthService } from './auth.service.ts';
export { authFeature } from './feature.ts';
