import {
  DASHBOARD_EVENT_COUNT,
  EVENT_COUNT_MAX,
  EVENT_LIST_LIMIT_MAX,
  EVENT_LIST_PAGE_SIZE,
  EVENTS_API,
  ZApiError,
  ZEvent,
  ZEventCountParams,
  ZEventCsvParams,
  ZEventIdParams,
  ZEventListQuery,
  ZEventParticipantParams,
  ZEventScopeQuery,
  ZEventStatusBody,
  ZSaveEventFields,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import { type CalendarRoutesOptions, calendarRoutes } from './calendar.routes.ts';
import type { EventsService } from './events.service.ts';

const tags = ['events'];

const SHAPE =
  'Each event: `{ id, name, description (sanitised HTML), location, start, end (ISO UTC), url, ' +
  'teilnahmeausblenden, external, registrationDeadline (ISO or null), image (signed URL or null), imagePath, ' +
  'eventSubscriptions, mySubscription (true/false/null = pending), registrationOpen, canSubscribe, ' +
  'participantCount, declinedCount, maxParticipants (null: unlimited), waitingList, maxGuests, freePlaces ' +
  '(null without a capacity), myWaitlistPosition, myGuests, waitlist, guestCount, waitingCount }`. ' +
  '`eventSubscriptions` ([{ user: { username, email, company }, status, guests, answeredAt }]) ' +
  "holds only the caller's own answer (lists never carry another member's); the counts (kept with the " +
  'event, not recounted) are numbers for admins, null for everyone else.';

/**
 * Events of SPEC §7. Reading and answering belong to /event (ROLE_USER); the dashboard's next events are
 * read by every logged-in role (ROLE_PARTNER, read-only); writing and the participant list are for admins.
 * Events have no groups: every member sees every event, but never another member's answer.
 */
export const eventsRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions & { events: EventsService }> = async (
  app,
  opts,
) => {
  const service = opts.events;
  const anyMember = requireRole('ROLE_PARTNER');
  const user = requireRole('ROLE_USER');
  const admin = requireRole('ROLE_ADMIN');

  app.route({
    method: 'GET',
    url: EVENTS_API.list,
    onRequest: user,
    schema: {
      tags,
      querystring: ZEventListQuery,
      description:
        'With `from` and/or `to`: every event overlapping [from, to) (ISO 8601), ordered by start. Without ' +
        '`from`: from 12 months back; without `to`: open-ended. The calendar asks for the weeks it shows. ' +
        `With \`scope\`: a page of the listing, \`limit\` (1–${EVENT_LIST_LIMIT_MAX}, default ` +
        `${EVENT_LIST_PAGE_SIZE}) events: \`upcoming\` (not ended yet, soonest first) or \`past\` (ended in ` +
        'the last 12 months, latest first), after the event `after` names (`<start ISO>,<id>` of the last ' +
        'one shown). With neither: the first page of both sections (the listing without paging), ordered ' +
        'by start. ' +
        SHAPE,
      response: { 200: z.array(ZEvent), ...ROUTE_ERRORS },
    },
    handler: (request) => service.list(principalOf(request), request.query),
  });

  app.route({
    method: 'GET',
    url: EVENTS_API.count.pattern,
    onRequest: anyMember,
    schema: {
      tags,
      params: ZEventCountParams,
      description:
        `The next \`max\` (1–${EVENT_COUNT_MAX}; the dashboard asks for ${DASHBOARD_EVENT_COUNT}) events ` +
        'that have not ended yet, soonest first. Partners read them too (the dashboard is theirs), but ' +
        '`canSubscribe` is false for them. ' +
        SHAPE,
      response: { 200: z.array(ZEvent), ...ROUTE_ERRORS },
    },
    handler: (request) => service.upcoming(principalOf(request), request.params.max),
  });

  app.route({
    method: 'GET',
    url: EVENTS_API.byId.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZEventIdParams,
      description:
        'One event. Admins get every participant in `eventSubscriptions` (accepted first, then declined, ' +
        'each by name) with e-mail and company; members only their own answer. ' +
        SHAPE,
      response: { 200: ZEvent, ...ROUTE_ERRORS },
    },
    handler: (request) => service.byId(principalOf(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: EVENTS_API.save,
    onRequest: admin,
    config: { uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'Multipart: `event` (JSON of the event; without id a new one; `start`, `end`, `registrationDeadline` ' +
        'ISO 8601, the deadline may be null) and optionally `image` (PNG or JPEG by content, else 415; EXIF ' +
        'is removed). An update without a file keeps the picture; `event.image: null` without a file removes ' +
        'it. The description is sanitised. `reminderHours` (1–720, null: none; a new event without it: 24) ' +
        'sets the reminder mail. Those with a place get a mail when date, time or place change. ' +
        '`recurrence` on a new event creates every occurrence of the series (each an event of its own); on ' +
        "an occurrence, `scope: 'following'` saves it and every later one (with `recurrence`: the series is " +
        "split there), `scope: 'this'` (default) only it. Returns the saved event as GET /api/event/{id} does.",
      body: ZSaveEventFields.extend({ image: ZUploadedFile }),
      response: { 200: ZEvent, ...ROUTE_ERRORS, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) => service.save(principalOf(request), request.body.event, request.body.image),
  });

  app.route({
    method: 'DELETE',
    url: EVENTS_API.byId.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZEventIdParams,
      querystring: ZEventScopeQuery,
      description:
        "Deletes the event with every answer to it, and its picture; those with a place get an 'abgesagt' " +
        'mail (queued in the same transaction). `scope=following` on an occurrence of a series deletes it and ' +
        'every later one (iCalendar then lists them as EXDATE).',
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.remove(principalOf(request), request.params.id, request.query.scope);
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'POST',
    url: EVENTS_API.cancel.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZEventIdParams,
      querystring: ZEventScopeQuery,
      description:
        "Cancels the event: it stays in lists and calendars, marked `cancelled` ('Abgesagt', iCalendar " +
        "STATUS:CANCELLED), answers are refused with 409, and those with a place get an 'abgesagt' mail. " +
        '`scope=following` on an occurrence of a series cancels it and every later one. 409 when the event ' +
        'is cancelled already. Returns the event as GET /api/event/{id} does.',
      response: { 200: ZEvent, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => service.cancel(principalOf(request), request.params.id, request.query.scope),
  });

  app.route({
    method: 'POST',
    url: EVENTS_API.status,
    onRequest: user,
    schema: {
      tags,
      description:
        'Form (or JSON): `event` (JSON of the event, only `id` is read) and `status` 1 (attend) or 0 ' +
        '(decline); a second answer replaces the first. Returns the updated event as GET /api/event/{id} ' +
        "does. 409 with 'Anmeldeschluss abgelaufen' once the deadline has passed (a deadline exactly now has " +
        'passed), and 409 for external events and events with `teilnahmeausblenden`. With a capacity: ' +
        'status 1 with `guests` (0–`maxGuests` companions, else 400; omitted, a place or waiting place keeps ' +
        'its companions) gives a place when the party fits and ' +
        'nobody waits ahead (`mySubscription` true), else a waiting place when the event has a waiting list ' +
        '(`myWaitlistPosition`; an existing one keeps its position), else 409 (ausgebucht / nicht genug ' +
        'Plätze). Changing the companions of a place must fit too. Status 0 declines from a place or a ' +
        'waiting place; a freed place goes to the first on the waiting list in the same transaction, who is ' +
        'mailed.',
      body: ZEventStatusBody,
      response: { 200: ZEvent, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) =>
      service.setStatus(
        principalOf(request),
        request.body.event.id,
        request.body.status,
        request.body.guests,
      ),
  });

  app.route({
    method: 'DELETE',
    url: EVENTS_API.participant.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZEventParticipantParams,
      description:
        "Removes the member's answer or waiting place (admins). A freed place goes to the first on the " +
        'waiting list in the same transaction, who is mailed. Returns the event as GET /api/event/{id} ' +
        'does; 404 when the member has neither.',
      response: { 200: ZEvent, ...ROUTE_ERRORS },
    },
    handler: (request) =>
      service.removeParticipant(principalOf(request), request.params.id, request.params.username),
  });

  app.route({
    method: 'GET',
    url: EVENTS_API.participantsCsv.pattern,
    onRequest: admin,
    schema: {
      tags,
      params: ZEventCsvParams,
      description:
        'The participants as a CSV download (UTF-8 with BOM, `;`, CRLF; columns Name, E-Mail, Firma, Status ' +
        "'Zugesagt'/'Warteliste (Platz n)'/'Abgesagt', Begleitpersonen, Antwort am (Berlin); accepted " +
        'first, then the waiting list by position, then declined). ' +
        "Cells starting with =, +, -, @ are prefixed with '. The file " +
        'name (`teilnehmer-<name>.csv`) is in Content-Disposition (`filename*` UTF-8, `filename` ASCII). ' +
        '409 for external events.',
      response: { 200: z.any(), ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: async (request, reply) => {
      const file = await service.participantsCsv(request.params.eventId);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.filename))
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  });

  await app.register(calendarRoutes, opts);
};
