import {
  CONVERSATION_API,
  REACTION_KINDS,
  ZForumIdParams,
  ZPostReactionPeople,
  ZPostReactions,
  ZReactionInput,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { ForumReactions } from './reactions.service.ts';

const tags = ['forums'];

/** Reactions to forum posts (issue 37 point 4): every member who reads the forums (ROLE_USER). */
export const forumReactionsRoutes: FastifyPluginAsyncZod<{ forumReactions: ForumReactions }> = async (
  app,
  opts,
) => {
  const service = opts.forumReactions;
  const member = requireRole('ROLE_USER');

  app.route({
    method: 'PUT',
    url: CONVERSATION_API.reaction.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      body: ZReactionInput,
      description:
        `JSON \`{ kind, on }\` (\`kind\` one of ${REACTION_KINDS.join(', ')}): the caller's reaction of that ` +
        'kind on or off. Idempotent: on twice is one reaction, off without one changes nothing. Answers the ' +
        "post's `reactions` (`{ kind, count, mine }`, kinds nobody chose left out). The post's author gets one " +
        'notification per kind (the first reaction of it), never for their own.',
      response: { 200: ZPostReactions, ...ROUTE_ERRORS },
    },
    handler: (request) => service.react(principalOf(request), request.params.id, request.body),
  });

  app.route({
    method: 'GET',
    url: CONVERSATION_API.reactions.pattern,
    onRequest: member,
    schema: {
      tags,
      params: ZForumIdParams,
      description:
        'Who reacted how to the post: `reactions` per kind (in the offered order), each with `people` ' +
        '(`{ id, username, name }`, oldest first), for the list on hover or tap.',
      response: { 200: ZPostReactionPeople, ...ROUTE_ERRORS },
    },
    handler: (request) => service.people(request.params.id),
  });
};
