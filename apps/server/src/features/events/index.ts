/** The events feature as app.ts and the CLI see it. */
export { createEventsRepository, type EventValues } from './events.repository.ts';
export { eventsRoutes } from './events.routes.ts';
