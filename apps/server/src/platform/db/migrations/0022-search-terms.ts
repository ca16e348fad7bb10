import { type Kysely, type RawBuilder, sql } from 'kysely';
import { blockIndexText, indexText } from '../../search/terms.ts';
import { addToVocabulary } from '../../search/vocabulary.ts';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 33: the search matches terms, not folded text (decision 0147). A document's `folded_title` and
 * `folded_text` now hold its term text (platform/search/terms.ts: stems and surfaces, hyphenated words
 * joined and in pieces, a space around each), which every pattern matches as a substring, a short one with the
 * space of a word's start before it: so one trigram index serves long terms, short ones and whole words, and
 * the words tables (SQLite's unicode61 FTS5 tables, PostgreSQL's 'simple' tsvector indexes) and SQLite's
 * title tables go. `search_terms` holds the vocabulary that typo neighbours are looked up in.
 *
 * The documents already there are rewritten with the live term writer, as migration 0020 imports the live
 * username key: the migration has to write what the search matches, and a later change of the terms comes
 * with a migration of its own that rewrites them again. A table row's document holds its words folded and
 * deduplicated (decision 0078), so its pairs of a number and a unit come back complete with a reindex.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('search_terms')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('term', 'text', (col) => col.notNull().unique())
    .execute();
  if (kit.kind === 'sqlite') await sqliteTables(db);
  else
    for (const type of SEARCH_TYPES)
      await sql`drop index if exists ${sql.id(`search_documents_words_${type}`)}`.execute(db);
  await rewrite(db);
  if (kit.kind === 'sqlite') await refill(db);
}

/** The hit types (contract SEARCH_TYPES) as they were when this migration was written. */
const SEARCH_TYPES = ['blog', 'content', 'event', 'forum', 'media'] as const;
const PAGE = 500;

/** The dated key of migration 0018: the date in seconds (clamped to 32 bits) times 2^31 plus the id. */
function key(row: 'd' | 'new' | 'old'): RawBuilder<number> {
  const seconds = sql`min(max(coalesce(unixepoch(${sql.raw(row)}.dated_at), 0), -2147483648), 2147483647)`;
  return sql<number>`(${seconds} * 2147483648 + ${sql.raw(row)}.id)`;
}

const trigram = (type: string) => sql.table(`search_dated_trigram_${type}`);

const each = (statement: (type: string) => RawBuilder<unknown>) =>
  sql.join(SEARCH_TYPES.map(statement), sql`; `);

/** SQLite: the trigram tables of migration 0018 alone, kept by triggers again (rewritten after, refill). */
async function sqliteTables(db: Kysely<unknown>): Promise<void> {
  for (const name of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.id(`search_documents_${name}`)}`.execute(db);
  for (const type of SEARCH_TYPES) {
    await sql`drop table if exists ${sql.table(`search_dated_words_${type}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`search_dated_title_${type}`)}`.execute(db);
    await sql`insert into ${trigram(type)}(${trigram(type)}) values ('delete-all')`.execute(db);
  }
  const insert = (type: string) => sql`insert into ${trigram(type)}(rowid, folded_text)
    select ${key('new')}, new.folded_text where new.type = ${sql.lit(type)}`;
  const remove = (type: string) => sql`delete from ${trigram(type)}
    where old.type = ${sql.lit(type)} and rowid = ${key('old')}`;
  await sql`create trigger search_documents_insert after insert on search_documents begin
    ${each(insert)}; end`.execute(db);
  await sql`create trigger search_documents_delete after delete on search_documents begin
    ${each(remove)}; end`.execute(db);
  await sql`create trigger search_documents_update
    after update of id, type, dated_at, folded_text on search_documents begin
    ${each(remove)}; ${each(insert)}; end`.execute(db);
}

/** SQLite: the trigram tables written from the rewritten documents, in row id order, then merged. */
async function refill(db: Kysely<unknown>): Promise<void> {
  for (const type of SEARCH_TYPES) {
    await sql`insert into ${trigram(type)}(rowid, folded_text) select ${key('d')}, d.folded_text
      from search_documents d where d.type = ${sql.lit(type)} order by 1`.execute(db);
    await sql`insert into ${trigram(type)}(${trigram(type)}) values ('optimize')`.execute(db);
  }
}

type Row = { id: number; title: string; body: string; text: string };

/** Every document's term texts, a page at a time, and their words into the vocabulary. */
async function rewrite(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<Row>`select id as id, title as title, body as body, folded_text as text
      from search_documents where id > ${after} order by id limit ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const text = row.title === '' && row.body === '' ? blockIndexText(row.text) : indexText(lines(row));
      return { id: row.id, title: indexText(row.title), text };
    });
    const list = values.map((value) => sql`(cast(${value.id} as integer), ${value.title}, ${value.text})`);
    await sql`update search_documents set folded_title = v.column2, folded_text = v.column3
      from (values ${sql.join(list)}) as v where search_documents.id = v.column1`.execute(db);
    await addToVocabulary(
      db,
      values.map((value) => value.text),
    );
    after = rows.at(-1)?.id ?? after;
  }
}

const lines = (row: Row) => [row.title, row.body].filter((part) => part !== '').join('\n');
