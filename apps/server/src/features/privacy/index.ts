/** The privacy feature (GDPR, issue 18) as app.ts sees it. */

export { privacyFeature } from './feature.ts';
export { privacyRoutes } from './privacy.routes.ts';
export { createPrivacyService } from './privacy.service.ts';
