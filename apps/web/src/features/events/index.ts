/** What other parts of the app use from the events feature. */
export { NextEvents } from './components/next-events';

/** The event screen, loaded on first visit (its own chunk). */
export const loadEventPage = async () => (await import('./event-page')).EventPage;
