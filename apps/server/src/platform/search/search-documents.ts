/**
 * The documents of the search index (issue 16), written from the features' search sources (search-source.ts):
 * rewritten in the transaction of each save, dropped with what they stand for, rebuilt from every source. A
 * document holds its title's and its text's terms (terms.ts, issue 33), and its words join the vocabulary.
 */
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

  /** Writes the documents of the selected sources; answers how many it wrote (one per source). */
  async function write(db: Executor, type: TSearchType, kind: DocumentKind, selection: SourceSelection) {
    const documents = await kind.read(db, selection);
    for (let start = 0; start < documents.length; start += INSERT_BATCH)
      await insert(db, type, kind.kind, documents.slice(start, start + INSERT_BATCH));
    return documents;
  }

  return {
    /**
     * Rewrites the documents of these sources from their tables; with `part`, the documents of their part too
     * (a content item's table rows), which a change of the source's own texts leaves as they are.
     */
    async refresh(db: Executor, name: string, ids: readonly number[], options: { part: boolean }) {
      const { type, kind } = kindOf(name);
      for (const some of chunks(ids)) {
        await drop(db, kind.kind, 'sourceId', some);
        await write(db, type, kind, { ids: some });
        if (kind.part && options.part) {
          await drop(db, kind.part.kind, 'sourceId', some);
          await kind.part.write(writerOf(db, type), some);
        }
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
          if (kind.part) counts[kind.part.kind] = await kind.part.write(writerOf(db, type), 'all');
        return counts;
      });
    },
  };
}
