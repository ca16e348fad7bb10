/** What other parts of the app use from the forums feature. */
export { ForumNews } from './components/forum-news';

/** The forum and thread screens, each loaded on first visit (their own chunks). */
export const loadForumPage = async () => (await import('./forum-page')).ForumPage;
export const loadThreadPage = async () => (await import('./thread-page')).ThreadPage;
