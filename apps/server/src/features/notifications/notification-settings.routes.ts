import {
  NOTIFICATIONS_API,
  ZApiError,
  ZNotificationSettings,
  ZNotificationSettingsInput,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import type { NotificationSettingsService } from './notification-settings.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError };
const tags = ['notifications'];

/** The session member's notification settings (issue 17): every logged-in role reads and writes its own. */
export const notificationSettingsRoutes: FastifyPluginAsyncZod<{
  notificationSettings: NotificationSettingsService;
}> = async (app, opts) => {
  const service = opts.notificationSettings;
  const member = requireRole('ROLE_PARTNER');

  app.route({
    method: 'GET',
    url: NOTIFICATIONS_API.settings,
    onRequest: member,
    schema: {
      tags,
      description:
        '`{ forumReplies, digest, mentions }` of the caller: whether reply mails of followed forum threads are ' +
        'sent, how often the digest is (`never`, `daily`, `weekly`), and whether a mail tells them that someone ' +
        "mentioned them in a forum post (issue 37). The defaults (`true`, `'daily'`, `true`) until the member " +
        'saves their own. Breaking news (Eilmeldung) ignores these settings.',
      response: { 200: ZNotificationSettings, ...errors },
    },
    handler: (request) => service.settings(principalOf(request).id),
  });

  app.route({
    method: 'PUT',
    url: NOTIFICATIONS_API.settings,
    onRequest: member,
    schema: {
      tags,
      description:
        'Body `{ forumReplies, digest, mentions? }`: `forumReplies` and `digest` required, `mentions` optional ' +
        '(left out: unchanged, so clients made before issue 37 keep working), no other fields; stores them and ' +
        'answers what is stored. ' +
        'Every save raises the settings version, which spends the one-click unsubscribe links of mails sent ' +
        'before.',
      body: ZNotificationSettingsInput,
      response: { 200: ZNotificationSettings, ...errors },
    },
    handler: (request) => service.save(principalOf(request).id, request.body),
  });
};
