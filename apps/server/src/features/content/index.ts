/** The content feature as app.ts and the CLI see it. */
export { contentRoutes } from './content.routes.ts';
export { type ContentFeatureDeps, createContentService } from './content.service.ts';
