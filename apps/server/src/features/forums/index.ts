/** The forums feature as app.ts and the CLI see it. */

export { forumBaseline } from './forum-baseline.ts';
export { forumsRoutes } from './forums.routes.ts';
export { createForumsService, type ForumsFeatureDeps } from './forums.service.ts';
