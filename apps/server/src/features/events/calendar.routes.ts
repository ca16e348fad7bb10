import { EVENTS_API, ZApiError, ZCalendarLink, ZCalendarTokenState, ZEventIdParams } from '@portal/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { attachmentDisposition } from '../../platform/http/content-disposition.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { CalendarService } from './calendar.service.ts';

const tags = ['events'];
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export interface CalendarRoutesOptions {
  calendar: CalendarService;
  /** the rate limit of the public feed, whose address is its secret (per client IP) */
  feedLimit: onRequestHookHandler;
}

/** iCalendar download of one event and the personal, revocable calendar subscription (ROLE_USER). */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, opts) => {
  const service = opts.calendar;
  const user = requireRole('ROLE_USER');

  app.route({
    method: 'GET',
    url: EVENTS_API.ics.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZEventIdParams,
      description:
        'The event as an iCalendar file (`text/calendar`, one VEVENT in UTC, a stable UID, a SEQUENCE that ' +
        'grows by one with every save that changes the event, the description as plain text, URL to the ' +
        'event page), as a download named after the event.',
      response: { 200: z.any(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      const file = await service.eventFile(request.params.id);
      return reply
        .header('Content-Type', CALENDAR_TYPE)
        .header('Content-Disposition', attachmentDisposition(file.filename))
        .send(file.body);
    },
  });

  app.route({
    method: 'GET',
    url: EVENTS_API.calendarToken,
    onRequest: user,
    schema: {
      tags,
      description: '`{ active, createdAt }`: whether the caller has a calendar subscription address.',
      response: { 200: ZCalendarTokenState, ...ROUTE_ERRORS },
    },
    handler: (request) => service.state(principalOf(request)),
  });

  app.route({
    method: 'POST',
    url: EVENTS_API.calendarToken,
    onRequest: user,
    schema: {
      tags,
      description:
        '`{ url }`: a new personal subscription address (`PUBLIC_URL/api/calendar/<secret>.ics`) for calendar ' +
        'apps; the previous address stops working. The secret is shown only now (it is stored hashed).',
      response: { 200: ZCalendarLink, ...ROUTE_ERRORS },
    },
    handler: (request) => service.createLink(principalOf(request)),
  });

  app.route({
    method: 'DELETE',
    url: EVENTS_API.calendarToken,
    onRequest: user,
    schema: {
      tags,
      description: "Revokes the caller's subscription address (also when there is none).",
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.revoke(principalOf(request));
      return reply.status(204).send(null);
    },
  });

  app.route({
    method: 'GET',
    url: EVENTS_API.calendarFeed.pattern,
    config: { public: true },
    onRequest: opts.feedLimit,
    schema: {
      tags,
      security: [],
      params: z.object({ file: z.string().max(200) }),
      description:
        'The subscription feed (no Authorization header: the address is the secret): the events of the last ' +
        '90 days and all ahead. 404 for an unknown or revoked address and for disabled members; 429 after too ' +
        'many requests from one IP in a minute.',
      response: { 200: z.any(), 404: ZApiError, 429: ZApiError },
    },
    handler: async (request, reply) => {
      const body = await service.feed(request.params.file);
      return reply
        .header('Content-Type', CALENDAR_TYPE)
        .header('Content-Disposition', 'inline; filename="veranstaltungen.ics"')
        .send(body);
    },
  });
};
