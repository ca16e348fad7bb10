/** What other parts of the app use from the blog feature. */
export { LatestPosts } from './components/latest-posts';
export { seesInternalList } from './lib/internal-list';
export { blogListPath } from './lib/list-query';
