/** The content feature as app.ts, the CLI and other features see it. */

export { contentRoutes } from './content.routes.ts';
export { type ContentFeatureDeps, createContentService } from './content.service.ts';
export { ROWS_PER_DOCUMENT } from './content-search-rows.ts';
export { contentFeature } from './feature.ts';
