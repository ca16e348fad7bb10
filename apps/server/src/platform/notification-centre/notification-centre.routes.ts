import {
  NOTIFICATION_CENTRE_API,
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATIONS_PAGE_SIZE,
  ZNotificationCount,
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationReadInput,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../auth/guards.ts';
import { ROUTE_ERRORS } from '../http/errors.ts';
import type { NotificationCentre } from './notification-centre.ts';

const tags = ['notifications'];
const KEPT = `Notifications are kept ${NOTIFICATION_RETENTION_DAYS} days, read or not.`;

/**
 * The notification centre of issue 37 (the bell): every logged-in role reads and marks its own notifications,
 * never another member's.
 */
export const notificationCentreRoutes: FastifyPluginAsyncZod<{
  notificationCentre: NotificationCentre;
}> = async (app, opts) => {
  const centre = opts.notificationCentre;
  const member = requireRole('ROLE_PARTNER');

  app.route({
    method: 'GET',
    url: NOTIFICATION_CENTRE_API.list,
    onRequest: member,
    schema: {
      tags,
      querystring: ZNotificationListQuery,
      description:
        "The caller's notifications, newest first: `limit` (1–50, default " +
        `${NOTIFICATIONS_PAGE_SIZE}) a page, \`before\` the id of the last one shown for the page after it; ` +
        '`hasMore` when there are older ones. Each item: `kind` (mention, reply, reaction, circular, ' +
        'eventChange, eventCancel, eventMoveUp), `createdAt`, `read`, `actor` (`{ id, username, name }`, null ' +
        "for the office or once that member was erased), `text` (a German sentence with the actor's name; " +
        "'Ehemaliges Mitglied' once erased) and `link` (the app path it opens). `unread` counts all unread. " +
        KEPT,
      response: { 200: ZNotificationList, ...ROUTE_ERRORS },
    },
    handler: (request) => centre.list(principalOf(request).id, request.query),
  });

  app.route({
    method: 'GET',
    url: NOTIFICATION_CENTRE_API.count,
    onRequest: member,
    schema: {
      tags,
      description:
        "`{ unread }`: the caller's unread notifications, for the bell's poll (one a minute per open tab, and " +
        'when the tab gets the focus back): one count over an index of the unread rows.',
      response: { 200: ZNotificationCount, ...ROUTE_ERRORS },
    },
    handler: async (request) => ({ unread: await centre.unread(principalOf(request).id, new Date()) }),
  });

  app.route({
    method: 'POST',
    url: NOTIFICATION_CENTRE_API.read,
    onRequest: member,
    schema: {
      tags,
      // a POST without a body reaches the schema as null: every notification
      body: ZNotificationReadInput.nullable(),
      description:
        "JSON `{ ids }` marks those of the caller's notifications read (ids of other members' are passed " +
        "over; `[]` marks none); without `ids`, or without a body, every one ('Alle als gelesen markieren'). " +
        'Idempotent. Answers `{ unread }` after the change.',
      response: { 200: ZNotificationCount, ...ROUTE_ERRORS },
    },
    handler: async (request) => ({
      unread: await centre.markRead(principalOf(request).id, request.body?.ids),
    }),
  });
};
