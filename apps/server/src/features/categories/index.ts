/** The content categories as other features, app.ts and the CLI see them. */
export { categoriesRoutes } from './categories.routes.ts';
export { createCategoriesService } from './categories.service.ts';
export { createCategoryAccess, opensContentPages } from './category-access.ts';
export { categoriesFeature } from './feature.ts';
