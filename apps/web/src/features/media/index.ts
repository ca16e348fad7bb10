/** The media screen, loaded on first visit (its own chunk). */
export const loadMediaPage = async () => (await import('./media-page')).MediaPage;
