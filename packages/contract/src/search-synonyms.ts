import { z } from 'zod';
import { pathTemplate } from './paths.ts';

/**
 * The search's synonyms (issue 33 point 3): groups of equivalent terms (an abbreviation and its long names, two
 * trade words for one thing). A search for one term of a group also finds the others. Admins edit them under
 * 'Verwaltung'; every `/api/admin/searchSynonyms…` route needs ROLE_ADMIN.
 */
export const SEARCH_SYNONYMS_API = {
  /** GET every group, POST a new one (`ZSearchSynonymInput`). */
  list: '/api/admin/searchSynonyms',
  /** PUT the group's terms (`ZSearchSynonymInput`), DELETE the group. */
  byId: pathTemplate('/api/admin/searchSynonyms/:id'),
} as const;

export const SYNONYM_TERMS_MIN = 2;
export const SYNONYM_TERMS_MAX = 20;
export const SYNONYM_TERM_MAX_LENGTH = 80;

/** A group named in a message: its first terms, so that a long one stays short. */
function groupName(terms: readonly string[]): string {
  const shown = terms.slice(0, 3).join(', ');
  return terms.length > 3 ? `${shown}, …` : shown;
}

export const SYNONYM_MESSAGES = {
  termsInvalid: 'Die Begriffe müssen eine Liste von Texten sein.',
  tooFew: `Eine Gruppe braucht mindestens ${SYNONYM_TERMS_MIN} Begriffe.`,
  tooMany: `Eine Gruppe darf höchstens ${SYNONYM_TERMS_MAX} Begriffe haben.`,
  termRequired: 'Ein Begriff darf nicht leer sein.',
  termTooLong: `Ein Begriff darf höchstens ${SYNONYM_TERM_MAX_LENGTH} Zeichen lang sein.`,
  termTwice: (term: string) => `„${term}“ steht schon einmal in dieser Gruppe.`,
  termTaken: (term: string, group: readonly string[]) =>
    `„${term}“ steht schon in der Gruppe „${groupName(group)}“. Ein Begriff kann nur in einer Gruppe stehen.`,
  notFound: 'Diese Synonymgruppe gibt es nicht (mehr).',
} as const;

/** A term as it is kept: trimmed, runs of spaces as one. */
const ZSynonymTerm = z
  .string({ error: SYNONYM_MESSAGES.termRequired })
  .overwrite((term) => term.trim().replace(/\s+/g, ' '))
  .min(1, SYNONYM_MESSAGES.termRequired)
  .max(SYNONYM_TERM_MAX_LENGTH, SYNONYM_MESSAGES.termTooLong);

/**
 * POST and PUT: the group's terms in the order shown. Case does not tell two terms apart (the server, which
 * also folds umlauts as the search does, checks again and across groups).
 */
export const ZSearchSynonymInput = z.strictObject({
  terms: z
    .array(ZSynonymTerm, { error: SYNONYM_MESSAGES.termsInvalid })
    .min(SYNONYM_TERMS_MIN, SYNONYM_MESSAGES.tooFew)
    .max(SYNONYM_TERMS_MAX, SYNONYM_MESSAGES.tooMany)
    .superRefine((terms, ctx) => {
      const seen = new Set<string>();
      terms.forEach((term, index) => {
        const key = term.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [index], message: SYNONYM_MESSAGES.termTwice(term) });
        seen.add(key);
      });
    }),
});
export type TSearchSynonymInput = z.input<typeof ZSearchSynonymInput>;

/** One group as the admin screen lists it. `updatedAt` ISO 8601. */
export const ZSearchSynonym = z.object({
  id: z.number().int(),
  terms: z.array(z.string()),
  updatedAt: z.string(),
});
export type TSearchSynonym = z.infer<typeof ZSearchSynonym>;
