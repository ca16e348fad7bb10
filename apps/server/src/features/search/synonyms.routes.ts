import {
  SEARCH_SYNONYMS_API,
  SYNONYM_TERM_MAX_LENGTH,
  SYNONYM_TERMS_MAX,
  SYNONYM_TERMS_MIN,
  ZIdParams,
  ZSearchSynonym,
  ZSearchSynonymInput,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { SynonymsService } from './synonyms.service.ts';

const tags = ['admin'];
const RULES =
  `\`terms\`: ${SYNONYM_TERMS_MIN} to ${SYNONYM_TERMS_MAX} terms, each 1–${SYNONYM_TERM_MAX_LENGTH} characters ` +
  'after trimming (runs of spaces become one); no term twice in the group and none that another group ' +
  'holds (compared as the search folds them: case, umlauts, accents), else 400 naming the term at ' +
  '`errors["terms.<index>"]` and the group that holds it. Takes effect with the next search, no reindex.';

/** The search's synonym list under 'Verwaltung' (issue 33 point 3); ROLE_ADMIN only. */
export const synonymsRoutes: FastifyPluginAsyncZod<{ searchSynonyms: SynonymsService }> = async (
  app,
  opts,
) => {
  const service = opts.searchSynonyms;
  const admin = requireRole('ROLE_ADMIN');

  app.route({
    method: 'GET',
    url: SEARCH_SYNONYMS_API.list,
    onRequest: admin,
    schema: {
      tags,
      description: 'Every group of synonyms of the search, in the order added, each with its terms as typed.',
      response: { 200: z.array(ZSearchSynonym), ...ROUTE_ERRORS },
    },
    handler: () => service.list(),
  });

  app.route({
    method: 'POST',
    url: SEARCH_SYNONYMS_API.list,
    onRequest: admin,
    schema: {
      tags,
      description: `Adds a group of synonyms (201). ${RULES} Audit entry \`searchSynonym.create\`.`,
      body: ZSearchSynonymInput,
      response: { 201: ZSearchSynonym, ...ROUTE_ERRORS },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.create(principalOf(request), request.body)),
  });

  app.route({
    method: 'PUT',
    url: SEARCH_SYNONYMS_API.byId.pattern,
    onRequest: admin,
    schema: {
      tags,
      description:
        `Replaces the group's terms. ${RULES} Audit entry \`searchSynonym.update\` with the terms before ` +
        'and after (none when nothing changed).',
      params: ZIdParams,
      body: ZSearchSynonymInput,
      response: { 200: ZSearchSynonym, ...ROUTE_ERRORS },
    },
    handler: (request) => service.update(principalOf(request), request.params.id, request.body),
  });

  app.route({
    method: 'DELETE',
    url: SEARCH_SYNONYMS_API.byId.pattern,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Deletes the group (204); its terms are no longer synonyms. Audit entry `searchSynonym.delete` ' +
        'with the terms it had.',
      params: ZIdParams,
      response: { 204: z.null(), ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      await service.delete(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
