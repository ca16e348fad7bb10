import {
  CONVERSATION_API,
  MENTION_SUGGESTIONS_MAX,
  ZForumIdParams,
  ZMentionableQuery,
  ZMentionables,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { Mentionable } from './mentionable.ts';

/** The editor's `@` suggestions (issue 37 point 2): every member who reads the forums (ROLE_USER). */
export const forumMentionableRoutes: FastifyPluginAsyncZod<{ mentionable: Mentionable }> = async (
  app,
  opts,
) => {
  app.route({
    method: 'GET',
    url: CONVERSATION_API.mentionable.pattern,
    onRequest: requireRole('ROLE_USER'),
    schema: {
      tags: ['forums'],
      params: ZForumIdParams,
      querystring: ZMentionableQuery,
      description:
        `At most ${MENTION_SUGGESTIONS_MAX} \`people\` (\`{ id, username, name, company, photo }\`, by name) ` +
        "who can see the forum's threads (enabled, not erased, ROLE_USER or admin), not the caller, with a word " +
        'of their first name, last name, username or company starting with `q` (any case; up to 100 ' +
        'characters; empty: the first by name). `photo` is a signed URL that expires.',
      response: { 200: ZMentionables, ...ROUTE_ERRORS },
    },
    handler: (request) => opts.mentionable.suggest(principalOf(request), request.params.id, request.query.q),
  });
};
