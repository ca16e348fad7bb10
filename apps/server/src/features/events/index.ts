/** The events feature as app.ts, the CLI and other features see it. */

export { createCalendarService } from './calendar.service.ts';
export { createEventReminders, createReminderRun, type EventReminders } from './event-reminders.ts';
export { createEventsRepository, type EventValues } from './events.repository.ts';
export { eventsRoutes } from './events.routes.ts';
export { createEventsService } from './events.service.ts';
export { eventsFeature } from './feature.ts';
