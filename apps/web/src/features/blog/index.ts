/** What other parts of the app use from the blog feature. */
export { LatestPosts } from './components/latest-posts';
export { ToConfirmPosts } from './components/to-confirm-posts';
export { seesInternalList } from './lib/internal-list';
export { blogListPath } from './lib/list-query';

/** The blog screen, loaded on first visit (its own chunk). */
export const loadBlogPage = async () => (await import('./blog-page')).BlogPage;
