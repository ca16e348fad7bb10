/** The blog feature as app.ts and the CLI see it. */
export { createBlogRepository } from './blog.repository.ts';
export { blogRoutes } from './blog.routes.ts';
