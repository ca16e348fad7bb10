/** The content screen, loaded on first visit (its own chunk). */
export const loadContentPage = async () => (await import('./content-page')).ContentPage;
