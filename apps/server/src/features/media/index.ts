/** The media library as app.ts and the CLI see it. */

export { mediaFeature } from './feature.ts';
export { createMediaRepository } from './media.repository.ts';
export { mediaRoutes } from './media.routes.ts';
export { newPublicToken } from './media-files.service.ts';
export { mediaLibraryRoutes } from './media-library.routes.ts';
export { mediaPublicRoutes } from './media-public.routes.ts';
export { createMediaServices } from './media-services.ts';
