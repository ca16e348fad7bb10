/**
 * The documents of the search index (issue 16), written from the features' search sources (search-source.ts):
 * rewritten in the transaction of each save, dropped with what they stand for, rebuilt from every source. A
 * source's part (a content item's table rows) is written beside the live one before its save's transaction
 * and dropped after it, a slice at a time (issue 33 point 9). A document holds its title's and its text's
 * terms (terms.ts, issue 33), and its words join the vocabulary.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TSearchType } from '@portal/contract';
import { sql } from 'kysely';
import type { Executor } from '../db/executor.ts';
import { writingOf } from './search-engine.ts';
import {
  type DocumentKind,
  type DocumentWriter,
  lines,
  type SearchDocument,
  type SearchSource,
  SOURCES_PER_READ,
  type SourceSelection,
} from './search-source.ts';
import { indexText } from './terms.ts';
import { addToVocabulary, clearVocabulary } from './vocabulary.ts';

/** Documents per INSERT of a page of sources: 9 values each stays far below both databases' limits. */
const INSERT_BATCH = 200;
/**
 * Part documents dropped per statement outside a transaction: a block of a large table holds a few thousand
 * words, and SQLite takes each out of its FTS5 tables while the event loop waits.
 */
const PART_DROP_BATCH = 10;

/** The part documents whose owner (a table row's index) lies in `first` … `last`: a staged or freed table's. */
export interface OwnerRange {
  first: number;
  last: number;
}

async function insert(db: Executor, type: TSearchType, kind: string, documents: readonly SearchDocument[]) {
  if (documents.length === 0) return;
  const values = documents.map((doc) => ({
    kind,
    type,
    sourceId: doc.sourceId,
    ownerId: doc.ownerId ?? null,
    title: doc.title,
    body: doc.body,
    foldedTitle: indexText(doc.title),
    foldedText: doc.words ?? indexText(lines(doc.title, doc.body)),
    // the source's own value (SQLite: the text it stored), not a Date made of it: the date to the letter
    datedAt: sql<Date>`${doc.date}`,
  }));
  await db.insertInto('searchDocuments').values(values).execute();
  await addToVocabulary(
    db,
    values.map((value) => value.foldedText),
  );
}

function chunks(ids: readonly number[]): number[][] {
  const result: number[][] = [];
  for (let start = 0; start < ids.length; start += SOURCES_PER_READ)
    result.push(ids.slice(start, start + SOURCES_PER_READ));
  return result;
}

const drop = (db: Executor, kind: string, column: 'sourceId' | 'ownerId', ids: readonly number[]) =>
  db.deleteFrom('searchDocuments').where('kind', '=', kind).where(column, 'in', ids).execute();

const partOf = (db: Executor, kind: string, sourceId: number, owners: OwnerRange) =>
  db
    .selectFrom('searchDocuments')
    .where('kind', '=', kind)
    .where('sourceId', '=', sourceId)
    .where('ownerId', '>=', owners.first)
    .where('ownerId', '<=', owners.last);

/** The index over these sources: each kind of document is written by the source that declares it. */
export function createDocumentIndex(sources: readonly SearchSource[]) {
  const kinds = new Map<string, { type: TSearchType; kind: DocumentKind }>();
  for (const source of sources)
    for (const kind of source.kinds) kinds.set(kind.kind, { type: source.type, kind });
  const kindOf = (name: string) => {
    const found = kinds.get(name);
    if (!found) throw new Error(`No search source writes documents of the kind '${name}'.`);
    return found;
  };
  const writerOf = (db: Executor, type: TSearchType): DocumentWriter => ({
    db,
    add: (kind, documents) => insert(db, type, kind, documents),
    joined: writingOf(db).joined,
  });

  const partKind = (name: string) => {
    const { type, kind } = kindOf(name);
    if (!kind.part) throw new Error(`The search documents of the kind '${name}' have no part.`);
    return { type, part: kind.part };
  };

  /** Writes the documents of the selected sources; answers how many it wrote (one per source). */
  async function write(db: Executor, type: TSearchType, kind: DocumentKind, selection: SourceSelection) {
    const documents = await kind.read(db, selection);
    for (let start = 0; start < documents.length; start += INSERT_BATCH)
      await insert(db, type, kind.kind, documents.slice(start, start + INSERT_BATCH));
    return documents;
  }

  return {
    /**
     * Rewrites the documents of these sources from their tables, not those of their part (a content item's
     * table rows): the source writes those beside the live ones (writePart) and its visibility says which
     * are live.
     */
    async refresh(db: Executor, name: string, ids: readonly number[]) {
      const { type, kind } = kindOf(name);
      for (const some of chunks(ids)) {
        await drop(db, kind.kind, 'sourceId', some);
        await write(db, type, kind, { ids: some });
      }
    },

    /** Hands `write` a writer of the part documents of this kind of source, outside any transaction. */
    writePart(
      db: Executor,
      name: string,
      write: (writer: DocumentWriter) => Promise<number>,
    ): Promise<number> {
      return write(writerOf(db, partKind(name).type));
    },

    /** How many part documents of source `id` have their owner in the range. */
    async countPart(db: Executor, name: string, id: number, owners: OwnerRange): Promise<number> {
      const row = await partOf(db, partKind(name).part.kind, id, owners)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Drops those part documents a few per statement outside any transaction, a turn between two. */
    async dropPart(db: Executor, name: string, id: number, owners: OwnerRange): Promise<void> {
      const kind = partKind(name).part.kind;
      const found = await partOf(db, kind, id, owners).select('id').orderBy('id').execute();
      const ids = found.map((row) => row.id);
      for (let start = 0; start < ids.length; start += PART_DROP_BATCH) {
        await db
          .deleteFrom('searchDocuments')
          .where('id', 'in', ids.slice(start, start + PART_DROP_BATCH))
          .execute();
        await nextTurn();
      }
    },

    /** Drops the documents of these sources and what belongs to them (an item's rows, a thread's posts). */
    async remove(db: Executor, name: string, ids: readonly number[]) {
      const { kind } = kindOf(name);
      for (const some of chunks(ids)) {
        await drop(db, kind.kind, 'sourceId', some);
        if (kind.part) await drop(db, kind.part.kind, 'sourceId', some);
        for (const owned of kind.owns ?? []) await drop(db, owned, 'ownerId', some);
      }
    },

    /**
     * Empties the index and writes it again from every source: their own documents in the order of the
     * sources, then their parts. Answers the sources per kind (a part's: the rows it holds, not documents).
     */
    rebuild(db: Executor): Promise<Record<string, number>> {
      return writingOf(db).rebuild(db, async () => {
        const counts: Record<string, number> = {};
        await db.deleteFrom('searchDocuments').execute();
        await clearVocabulary(db);
        for (const { type, kind } of kinds.values()) {
          let after = 0;
          let count = 0;
          for (;;) {
            const written = await write(db, type, kind, { after });
            count += written.length;
            if (written.length < SOURCES_PER_READ) break;
            after = written.at(-1)?.sourceId ?? 0;
          }
          counts[kind.kind] = count;
        }
        for (const { type, kind } of kinds.values())
          if (kind.part) counts[kind.part.kind] = await kind.part.write(writerOf(db, type));
        return counts;
      });
    },
  };
}
