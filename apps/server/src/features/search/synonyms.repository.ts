/**
 * The search's synonyms (issue 33 point 3, migration 0023): groups of equivalent terms in `search_synonyms`,
 * their terms in `search_synonym_terms`. The engine reads them through `synonymGroups` at query time, so a
 * change takes effect with the next search and needs no reindex.
 */
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { fold } from '../../platform/search/fold.ts';

export interface SynonymGroup {
  id: number;
  /** as the admin typed them, in their order */
  terms: string[];
  updatedAt: Date;
}

/**
 * The key that tells two terms apart: folded as the search folds (case, umlauts, accents), spaces collapsed.
 * Unique in the table, so a term belongs to one group at most.
 */
export function synonymKey(term: string): string {
  return fold(term.trim().replace(/\s+/g, ' '));
}

/** Every group's terms as the admin typed them, groups by id (the engine folds them itself). */
export async function synonymGroups(db: Kysely<DB>): Promise<string[][]> {
  return (await listGroups(db)).map((group) => group.terms);
}

async function listGroups(executor: Executor, id?: number): Promise<SynonymGroup[]> {
  let query = executor
    .selectFrom('searchSynonyms as s')
    .innerJoin('searchSynonymTerms as t', 't.synonymId', 's.id')
    .select(['s.id', 's.updatedAt', 't.term'])
    .orderBy('s.id')
    .orderBy('t.position');
  if (id !== undefined) query = query.where('s.id', '=', id);
  const groups = new Map<number, SynonymGroup>();
  for (const row of await query.execute()) {
    const group = groups.get(row.id);
    if (group) group.terms.push(row.term);
    else groups.set(row.id, { id: row.id, terms: [row.term], updatedAt: row.updatedAt });
  }
  return [...groups.values()];
}

export function createSynonymsRepository(db: Kysely<DB>) {
  return {
    /** Every group, by id (the order they were added in). */
    list: () => listGroups(db),

    byId: async (executor: Executor, id: number): Promise<SynonymGroup | undefined> =>
      (await listGroups(executor, id))[0],

    /** The groups other than `exceptId` that hold one of the keys, with the key each holds. */
    async holdersOf(executor: Executor, keys: readonly string[], exceptId?: number) {
      if (keys.length === 0) return [];
      let query = executor
        .selectFrom('searchSynonymTerms')
        .select(['synonymId', 'termKey'])
        .where('termKey', 'in', keys);
      if (exceptId !== undefined) query = query.where('synonymId', '<>', exceptId);
      return query.execute();
    },

    async insertGroup(executor: Executor, now: Date): Promise<number> {
      const { id } = await executor
        .insertInto('searchSynonyms')
        .values({ createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Writes the group's terms in their order and says how many were written: a term whose key a group holds
     * already is left out (on PostgreSQL after waiting for the transaction that wrote it).
     */
    async insertTerms(executor: Executor, id: number, terms: readonly string[]): Promise<number> {
      const written = await executor
        .insertInto('searchSynonymTerms')
        .values(terms.map((term, position) => ({ synonymId: id, position, term, termKey: synonymKey(term) })))
        .onConflict((conflict) => conflict.column('termKey').doNothing())
        .returning('termKey')
        .execute();
      return written.length;
    },

    async deleteTerms(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('searchSynonymTerms').where('synonymId', '=', id).execute();
    },

    /** Locks the group's row for the rest of the transaction; false when it does not exist. */
    async lock(executor: Executor, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('searchSynonyms')
        .set((eb) => ({ updatedAt: eb.ref('updatedAt') }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async touch(executor: Executor, id: number, now: Date): Promise<void> {
      await executor.updateTable('searchSynonyms').set({ updatedAt: now }).where('id', '=', id).execute();
    },

    /** Deletes the group with its terms (cascade). */
    async delete(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('searchSynonyms').where('id', '=', id).execute();
    },
  };
}
