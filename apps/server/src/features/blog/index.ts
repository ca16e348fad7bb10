/** The blog feature as app.ts, the CLI and other features see it. */

export { createBlogRepository } from './blog.repository.ts';
export { blogRoutes } from './blog.routes.ts';
export { createBlogService } from './blog.service.ts';
export { rebuildBlogLists } from './blog-lists.ts';
export { type CircularReminders, createCircularReminders } from './circular-reminders.ts';
export { blogFeature } from './feature.ts';
