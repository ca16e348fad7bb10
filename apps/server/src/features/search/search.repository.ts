/**
 * Every query of the search: a type's newest matching documents a principal may open (the engine of the
 * database, platform/search/search-engine.ts), the documents of a page, and what the hits link to.
 */
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DocumentKind } from '../../platform/search/search-documents.ts';
import { createSearchEngine } from '../../platform/search/search-engine.ts';

export { byRank, type Candidate, type Ranked } from '../../platform/search/search-matching.ts';

/** Table rows read at a time when looking for a block's matching row. */
const ROWS_READ_AT_ONCE = 50;

export interface HitRow {
  id: number;
  kind: DocumentKind;
  sid: number;
  /** a forum post's thread; the first row of a block of table rows */
  owner: number | null;
  title: string;
  body: string;
  at: Date | string;
}

export function createSearchRepository(db: Kysely<DB>, kind: DatabaseKind) {
  const engine = createSearchEngine(db, kind);
  return {
    candidates: engine.candidates,

    /** The documents of a page, by id. */
    async documents(ids: readonly number[]): Promise<Map<number, HitRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('searchDocuments as d')
        .select(['d.id', 'd.kind', 'd.sourceId as sid', 'd.ownerId as owner', 'd.title', 'd.body'])
        .select('d.datedAt as at')
        .where('d.id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, { ...row, kind: row.kind as DocumentKind }]));
    },

    /**
     * Per block of table rows (`item:first`) the cells of its first row that `matches` (its `search` text),
     * read a few rows at a time: a common word is in the block's first row, so all blocks start together.
     */
    async blockRows(
      blocks: readonly { item: number; first: number; size: number }[],
      matches: (search: string) => boolean,
    ): Promise<Map<string, { rowIndex: number; cells: string }>> {
      const found = new Map<string, { rowIndex: number; cells: string }>();
      const read = async (parts: readonly { item: number; from: number; to: number }[]) => {
        if (parts.length === 0) return [];
        return db
          .selectFrom('contentItemRows')
          .select(['contentItemId', 'rowIndex', 'cells', 'search'])
          .where((eb) =>
            eb.or(
              parts.map((part) =>
                eb.and([
                  eb('contentItemId', '=', part.item),
                  eb('rowIndex', '>=', part.from),
                  eb('rowIndex', '<', part.to),
                ]),
              ),
            ),
          )
          .orderBy('rowIndex')
          .execute();
      };
      let pending = blocks.map((block) => ({ ...block, from: block.first }));
      while (pending.length > 0) {
        const parts = pending.map((block) => ({
          item: block.item,
          from: block.from,
          to: Math.min(block.from + ROWS_READ_AT_ONCE, block.first + block.size),
        }));
        const rows = await read(parts);
        pending = pending.flatMap((block, index) => {
          const part = parts[index];
          const row = rows.find(
            (candidate) =>
              candidate.contentItemId === block.item &&
              candidate.rowIndex >= block.from &&
              candidate.rowIndex < (part?.to ?? 0) &&
              matches(candidate.search),
          );
          if (row)
            found.set(`${block.item}:${block.first}`, { rowIndex: Number(row.rowIndex), cells: row.cells });
          const next = part?.to ?? 0;
          return row || next >= block.first + block.size ? [] : [{ ...block, from: next }];
        });
      }
      return found;
    },

    /**
     * Per item its live title (a table row's document holds its cells only) and a visible category (the
     * lowest id): the content page that opens it. Items in no visible category are left out.
     */
    async contentItems(
      itemIds: readonly number[],
      visible: readonly number[],
    ): Promise<Map<number, { categoryId: number; title: string; csvRowCount: number; csvRowBase: number }>> {
      if (itemIds.length === 0 || visible.length === 0) return new Map();
      const rows = await db
        .selectFrom('contentItemCategories as c')
        .innerJoin('contentItems as i', 'i.id', 'c.contentItemId')
        .select([
          'c.contentItemId',
          'i.title',
          'i.csvRowCount',
          'i.csvRowBase',
          (eb) => eb.fn.min<number>('c.categoryId').as('categoryId'),
        ])
        .where('c.contentItemId', 'in', itemIds)
        .where('c.categoryId', 'in', visible)
        .groupBy(['c.contentItemId', 'i.title', 'i.csvRowCount', 'i.csvRowBase'])
        .execute();
      return new Map(
        rows.map((row) => [
          row.contentItemId,
          {
            categoryId: Number(row.categoryId),
            title: row.title,
            csvRowCount: Number(row.csvRowCount),
            csvRowBase: Number(row.csvRowBase),
          },
        ]),
      );
    },

    /** How many posts come before each post in its thread (oldest first, as the thread pages them). */
    async postsBefore(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('forumPosts as p')
        .select((eb) => [
          'p.id',
          eb
            .selectFrom('forumPosts as o')
            .select(eb.fn.countAll<number | string>().as('n'))
            .whereRef('o.threadId', '=', 'p.threadId')
            .where((before) =>
              before.or([
                before('o.createdAt', '<', before.ref('p.createdAt')),
                before.and([
                  before('o.createdAt', '=', before.ref('p.createdAt')),
                  before('o.id', '<', before.ref('p.id')),
                ]),
              ]),
            )
            .as('before'),
        ])
        .where('p.id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, Number(row.before ?? 0)]));
    },

    async threads(ids: readonly number[]): Promise<Map<number, { forumId: number; name: string }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('forumThreads')
        .select(['id', 'forumId', 'name'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row]));
    },

    async mediaCategories(ids: readonly number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('mediaFiles')
        .select(['id', 'categoryId'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.categoryId]));
    },
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
