import {
  SEARCH_API,
  SEARCH_COUNT_CAP,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  ZSearchQuery,
  ZSearchResult,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import type { SearchService } from './search.service.ts';

/** GET /api/search (issue 16): every logged-in role; each answers only with what it may open. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, opts) => {
  const service = opts.search;

  app.route({
    method: 'GET',
    url: SEARCH_API.search,
    onRequest: requireRole('ROLE_PARTNER'),
    schema: {
      tags: ['search'],
      querystring: ZSearchQuery,
      description:
        'Search across news posts, content items and the rows of their tables, events, forum threads and ' +
        `posts, and (admins) the media library. \`q\`: ${SEARCH_QUERY_MIN}–${SEARCH_QUERY_MAX} characters ` +
        'after trimming; case, umlauts (ä = ae), accents and inflection do not matter (`Isoliergläser` finds ' +
        '`Isolierglas`); long words match as parts of words (`glas` finds `Wärmedämmglas`), short ones at a word ' +
        'start, abbreviations in capitals as whole words; hyphens, spaces and units meet (`FG 1002` = `FG-1002`, ' +
        '`4 mm` = `4mm`). Every word must occur; below a page of hits, words with a typo find their nearest ' +
        'terms and hits holding some of the words follow, marked `partial`. Hits are ranked by relevance (title ' +
        'above text, a whole word above a part, as typed above a stem above a typo), then newest first; ' +
        `\`offset\` (default 0) and \`limit\` (default ${SEARCH_LIMIT_DEFAULT}, at ` +
        `most ${SEARCH_LIMIT_MAX}) page them. \`type\` keeps one type; \`total\` counts the hits of that ` +
        'type (all types without it), `counts` those of every type. Each type counts and ranks its newest ' +
        `${SEARCH_COUNT_CAP} matches: \`capped\` lists the types with more, and paging reaches their first ${SEARCH_COUNT_CAP}. ` +
        'Only what the caller may open is found: ' +
        'posts of their groups once published, content in visible categories, events and forums for ' +
        'ROLE_USER, media for admins. `path` is the app route that opens the hit (a table row: its content ' +
        'page with `q` filtering the table); `snippet` is escaped text with the matches in `<mark>`.',
      response: { 200: ZSearchResult, ...ROUTE_ERRORS },
    },
    handler: (request) => service.search(principalOf(request), request.query),
  });
};
