/**
 * The index's vocabulary (issue 33 point 1): every term of letters only and at least four of them that a
 * document was written with, in `search_terms` (migration 0022), kept as documents are written; a rebuild
 * writes it anew. Typo neighbours are looked up in it. Each process keeps a copy in memory (fuzzy.ts), read
 * once and then brought up to date by id before each lookup: several servers on one PostgreSQL database find
 * the same neighbours, and a rebuild (which starts the ids afresh above the old ones) is read again whole.
 * Terms of documents since deleted stay until the next rebuild: a neighbour that finds nothing costs little.
 */
import { type QueryExecutorProvider, sql } from 'kysely';
import { TermIndex } from './fuzzy.ts';

/** Terms per INSERT: far below both databases' limits on bound values. */
const BATCH = 500;

/** The terms of these term texts that belong in the vocabulary, each once. */
function vocabularyOf(texts: Iterable<string>): string[] {
  const words = new Set<string>();
  for (const text of texts)
    for (const term of text.split(' ')) if (term.length >= 4 && /^\p{L}+$/u.test(term)) words.add(term);
  return [...words];
}

/** Adds the words of these term texts to `search_terms` (those it holds already are left). */
export async function addToVocabulary(db: QueryExecutorProvider, texts: Iterable<string>): Promise<void> {
  const words = vocabularyOf(texts);
  for (let at = 0; at < words.length; at += BATCH) {
    const list = words.slice(at, at + BATCH).map((word) => sql`(${word})`);
    await sql`insert into search_terms (term) values ${sql.join(list)}
      on conflict (term) do nothing`.execute(db);
  }
}

/** Empties `search_terms` (a rebuild writes it again; its ids go on from the old ones). */
export async function clearVocabulary(db: QueryExecutorProvider): Promise<void> {
  await sql`delete from search_terms`.execute(db);
}

export interface Vocabulary {
  /** The index of terms, brought up to date with the database first. */
  current(): Promise<TermIndex>;
}

/** Terms read per statement when the copy is brought up to date. */
const READ = 10_000;

export function createVocabulary(db: QueryExecutorProvider): Vocabulary {
  let index = new TermIndex();
  let first = 0;
  let last = 0;
  let pending: Promise<TermIndex> | undefined;

  async function update(): Promise<TermIndex> {
    const { rows } = await sql<{ first: number | null; last: number | null }>`select min(id) as first,
      max(id) as last from search_terms`.execute(db);
    const bounds = { first: Number(rows[0]?.first ?? 0), last: Number(rows[0]?.last ?? 0) };
    if (bounds.first !== first || bounds.last < last) {
      // rebuilt (or emptied): read again whole
      index = new TermIndex();
      first = bounds.first;
      last = 0;
    }
    while (last < bounds.last) {
      const { rows: terms } = await sql<{ id: number; term: string }>`select id as id, term as term
        from search_terms where id > ${last} order by id limit ${READ}`.execute(db);
      for (const row of terms) index.add(row.term);
      last = Number(terms.at(-1)?.id ?? bounds.last);
      if (terms.length < READ) break;
    }
    return index;
  }

  return {
    current() {
      // one update at a time: searches at once share it
      pending ??= update().finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}
