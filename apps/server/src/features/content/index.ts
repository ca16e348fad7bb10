/** The content feature as app.ts, the CLI and other features see it. */

export { contentRoutes } from './content.routes.ts';
export { contentSearchSource } from './content.search-source.ts';
export { type ContentFeatureDeps, createContentService } from './content.service.ts';
export { ROWS_PER_DOCUMENT } from './content-search-rows.ts';
export { contentReaders } from './content-visibility.ts';
export { contentFeature } from './feature.ts';
