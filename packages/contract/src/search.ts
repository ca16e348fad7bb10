import { z } from 'zod';

/**
 * Search across everything a member may open (issue 16): news posts, content items and the rows of their
 * CSV tables, events, forum threads and posts, and for admins the media library's files.
 */
export const SEARCH_API = {
  /** GET ?q=&type=&offset=&limit= (ROLE_PARTNER and up; every hit is one the caller may open). */
  search: '/api/search',
} as const;

/** The kinds of hits, as `type` filters them. Table rows count as `content`, posts as `forum`. */
export const SEARCH_TYPES = ['blog', 'content', 'event', 'forum', 'media', 'company'] as const;
export const ZSearchType = z.enum(SEARCH_TYPES, { error: 'Unbekannte Art von Treffern.' });
export type TSearchType = z.infer<typeof ZSearchType>;

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/**
 * A search counts and ranks each type's newest matches up to this many, so that a common word answers as fast
 * as a rare one; a type with more is listed in `capped` (shown as '1.000+').
 */
export const SEARCH_COUNT_CAP = 1000;
/** The top bar's suggestions ask for this many hits. */
export const SEARCH_SUGGESTIONS = 8;

export const SEARCH_MESSAGES = {
  tooShort: `Der Suchbegriff muss mindestens ${SEARCH_QUERY_MIN} Zeichen lang sein.`,
  tooLong: `Der Suchbegriff darf höchstens ${SEARCH_QUERY_MAX} Zeichen lang sein.`,
  badOffset: 'Der Versatz muss eine ganze Zahl ab 0 sein.',
  badLimit: `Die Anzahl muss eine ganze Zahl von 1 bis ${SEARCH_LIMIT_MAX} sein.`,
} as const;

/** GET /api/search: the query string. `q` is trimmed before its length is checked. */
export const ZSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.tooShort })
    .trim()
    .min(SEARCH_QUERY_MIN, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.tooLong),
  type: ZSearchType.optional(),
  offset: z.coerce
    .number({ error: SEARCH_MESSAGES.badOffset })
    .int(SEARCH_MESSAGES.badOffset)
    .min(0, SEARCH_MESSAGES.badOffset)
    .default(0),
  limit: z.coerce
    .number({ error: SEARCH_MESSAGES.badLimit })
    .int(SEARCH_MESSAGES.badLimit)
    .min(1, SEARCH_MESSAGES.badLimit)
    .max(SEARCH_LIMIT_MAX, SEARCH_MESSAGES.badLimit)
    .default(SEARCH_LIMIT_DEFAULT),
});

const ZSearchHit = z.object({
  type: ZSearchType,
  /** the id of what the hit opens: post, content item, event, thread, media file. A table row's hit carries its item's id; a forum post's its thread's. */
  id: z.number().int(),
  title: z.string(),
  /** plain text, HTML-escaped, with the matches wrapped in `<mark>…</mark>` */
  snippet: z.string(),
  /** the SPA route that opens the hit (a table row: its content page with `row`, the table opened at that row) */
  path: z.string(),
  /** ISO 8601: a post's publication, an event's start, a forum post's time, a file's upload */
  date: z.string().optional(),
  /** true when the hit does not hold every word of the query: shown after the others (issue 33 point 5) */
  partial: z.boolean().optional(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchResult = z.object({
  /** hits of the requested type (all types without `type`), at most SEARCH_COUNT_CAP per type */
  total: z.number().int(),
  /** hits per type for the same `q`, whatever `type` asks for: the results page's counts and chips */
  counts: z.record(ZSearchType, z.number().int()),
  /** the types with more hits than their count (SEARCH_COUNT_CAP); paging reaches their first ones only */
  capped: z.array(ZSearchType),
  hits: z.array(ZSearchHit),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;
