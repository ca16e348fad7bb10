/** The search as app.ts, the other features and the CLI see it. */

export { searchFeature } from './feature.ts';
export { searchRoutes } from './search.routes.ts';
export { createSearchService } from './search.service.ts';
export type { SearchIndex } from './search-index.ts';
export { createSearchIndex, reindexAll } from './search-writer.ts';
export { synonymGroups } from './synonyms.repository.ts';
export { synonymsRoutes } from './synonyms.routes.ts';
export { createSynonymsService } from './synonyms.service.ts';
