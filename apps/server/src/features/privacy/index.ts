/** The privacy feature (GDPR, issue 18) as app.ts sees it. */
export { privacyRoutes } from './privacy.routes.ts';
