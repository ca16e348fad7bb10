/**
 * The editor's `@` list (issue 37 point 2, decision 0190): members who can see the forum's threads (forums have
 * no groups: enabled, not erased, with a forum role), not the caller, whose first name, last name, username or
 * company has a word starting with `q` (any case; a company also as the search folds it, 'mue' for 'Müller').
 */
import {
  FORUM_MESSAGES,
  MENTION_SUGGESTIONS_MAX,
  personName,
  type TMentionable,
  type TMentionables,
} from '@portal/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import { fold } from '../../platform/search/fold.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import { FORUM_ROLES } from './forum-notices.ts';

/**
 * Members the database narrows to (lowest ids first, the same on both databases: a word of `users.search_key`
 * or of the member company's folded text starts with `q`) before the words are checked here and the first by
 * name are kept: `users.search_key` holds the e-mail as well, which is no word a member is found by.
 */
const CANDIDATES = 200;

/** One collator for every sort: `localeCompare(…, 'de')` builds one per call, a millisecond per 50 calls. */
const byName = new Intl.Collator('de');

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);
const lower = (text: string) => text.normalize('NFC').toLowerCase();
const words = (text: string | null) => (text ?? '').split(/\s+/u).filter(Boolean);

/** Whether a word of the texts starts with the term, as typed or folded. */
function startsAWord(texts: readonly (string | null)[], term: string): boolean {
  const typed = lower(term);
  const folded = fold(term);
  return texts.some((text) =>
    words(text).some((word) => lower(word).startsWith(typed) || fold(word).startsWith(folded)),
  );
}

export function createMentionable(deps: { db: Kysely<DB>; signer: UrlSigner }) {
  const { db, signer } = deps;

  return {
    /** GET /api/forum/{id}/mentionable?q=: at most MENTION_SUGGESTIONS_MAX members, by name. */
    async suggest(viewer: Principal, forumId: number, q: string): Promise<TMentionables> {
      const forum = await db.selectFrom('forums').select('id').where('id', '=', forumId).executeTakeFirst();
      if (!forum) throw notFound(FORUM_MESSAGES.forumNotFound);
      const term = q.trim();
      const typed = `% ${escapeLike(lower(term))}%`;
      const folded = `% ${escapeLike(fold(term))}%`;
      const like = (column: string, pattern: string) =>
        sql<SqlBool>`(' ' || ${sql.ref(column)}) like ${pattern} escape ${sql.lit('\\')}`;
      // Who may be suggested, read from users_mention_idx (migration 0038) alone; the member companies' ids
      // once (a hashed subquery), so that the lowest matching ids end the scan early (bench/mentionable.ts).
      const ids = db
        .selectFrom('users')
        .select('users.id')
        .where('users.role', 'in', FORUM_ROLES)
        .where('users.erasedAt', 'is', null)
        .where('users.disabled', '=', false)
        .where('users.id', '<>', viewer.id)
        .$if(term !== '', (query) =>
          query.where((eb) =>
            eb.or([
              like('users.searchKey', typed),
              eb(
                'users.id',
                'in',
                eb
                  .selectFrom('companyMembers')
                  .innerJoin('companies', 'companies.id', 'companyMembers.companyId')
                  .select('companyMembers.userId')
                  .where(like('companies.searchText', folded)),
              ),
            ]),
          ),
        );
      const found = (await ids.orderBy('users.id').limit(CANDIDATES).execute()).map((row) => row.id);
      if (found.length === 0) return { people: [] };
      const rows = await db
        .selectFrom('users')
        .leftJoin('companyMembers', 'companyMembers.userId', 'users.id')
        .leftJoin('companies', 'companies.id', 'companyMembers.companyId')
        .select([
          'users.id',
          'users.username',
          'users.firstName',
          'users.lastName',
          'users.photoKey',
          'users.company as companyText',
          'companies.name as companyName',
        ])
        .where('users.id', 'in', found)
        .execute();
      const people: TMentionable[] = rows
        .filter(
          (row) =>
            term === '' ||
            startsAWord(
              [row.firstName, row.lastName, row.username, row.companyName ?? row.companyText],
              term,
            ),
        )
        .map((row) => ({
          id: row.id,
          username: row.username,
          name: personName(row),
          company: row.companyName ?? row.companyText,
          photo: row.photoKey ? signer.sign(row.photoKey) : null,
        }))
        .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
        .slice(0, MENTION_SUGGESTIONS_MAX);
      return { people };
    },
  };
}

export type Mentionable = ReturnType<typeof createMentionable>;
