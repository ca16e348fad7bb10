import { NOTIFICATIONS_API, ZUnsubscribeQuery } from '@portal/contract';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UnsubscribeService } from './unsubscribe.service.ts';
import { type UnsubscribePage, unsubscribePage } from './unsubscribe-page.ts';

export interface UnsubscribeRoutesOptions {
  unsubscribe: UnsubscribeService;
  /** the rate limit of both addresses (per client IP): the signed link is all that is asked */
  limit: onRequestHookHandler;
  /** the absolute link to the web app's notification settings, which the page offers */
  settingsUrl: string;
}

const tags = ['notifications'];
const ZPage = z.string().describe('a German HTML page');
const pages = { 200: ZPage, 400: ZPage, 410: ZPage };
/** What a mail client sends (RFC 8058), and the page's button: its token as a field too. */
const ZOneClickBody = z
  .object({
    'List-Unsubscribe': z.string().max(100).optional(),
    token: ZUnsubscribeQuery.shape.token.optional(),
  })
  .optional();

function send(reply: FastifyReply, shown: UnsubscribePage) {
  return reply
    .status(shown.status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(shown.html);
}

/** A token that failed the schema (missing, empty, too long) is an invalid link: a page, not a JSON error. */
function tokenOf(request: FastifyRequest, given: string | undefined): string | undefined {
  return request.validationError ? undefined : given;
}

/**
 * The one-click unsubscribe address of notification mails (RFC 8058). Outside the authenticated context: the
 * signed link is all a member needs, without a login.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<UnsubscribeRoutesOptions> = async (app, opts) => {
  const service = opts.unsubscribe;

  app.route({
    method: 'GET',
    url: NOTIFICATIONS_API.unsubscribe,
    onRequest: opts.limit,
    attachValidation: true,
    schema: {
      tags,
      security: [],
      querystring: ZUnsubscribeQuery,
      produces: ['text/html'],
      description:
        "The address of a notification mail's `List-Unsubscribe` header (RFC 8058), needing no login: a German " +
        'HTML page that names the kind of mail the link turns off and has a button that POSTs to this address. ' +
        'Changes nothing (link scanners open every link). 400 for a forged or malformed link, 410 when it is ' +
        'spent (used once, or the settings changed since) or the member no longer exists. 429 (JSON) after too ' +
        'many requests from one IP in a minute.',
      response: pages,
    },
    handler: async (request, reply) => {
      const token = tokenOf(request, request.query.token);
      const link = token ? await service.inspect(token) : ({ state: 'invalid' } as const);
      return send(reply, unsubscribePage(link, { shown: 'question', token: token ?? '' }, opts.settingsUrl));
    },
  });

  app.route({
    method: 'POST',
    url: NOTIFICATIONS_API.unsubscribe,
    onRequest: opts.limit,
    attachValidation: true,
    schema: {
      tags,
      security: [],
      querystring: ZUnsubscribeQuery.partial(),
      body: ZOneClickBody,
      consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
      produces: ['text/html'],
      description:
        'One-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded) to the address ' +
        "of the header, `?token=…`; the page's button sends the token as a form field too. Turns that kind of " +
        "mail off (`forumReplies: false`, `digest: 'never'` or `mentions: false`), raises the settings version (so the link " +
        'works once) and answers a German HTML confirmation. 400 for a forged or malformed link, 410 for a ' +
        'spent one or a member who no longer exists; then nothing changes.',
      response: pages,
    },
    handler: async (request, reply) => {
      const token = tokenOf(request, request.query.token ?? request.body?.token);
      const link = token ? await service.unsubscribe(token) : ({ state: 'invalid' } as const);
      return send(reply, unsubscribePage(link, { shown: 'result' }, opts.settingsUrl));
    },
  });
};
