import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * SQLite's search index walks its FTS5 tables by row id, highest first (features/search). Up to now a row id
 * was the document's id, so "a type's newest 1,000 matches" were the newest by indexing order, and ranking
 * them by date (title hits first, then newer before older) sorted all 1,000 per type: 0.5–0.7 ms each for a
 * common word among 10,000 posts (decision 0093). Here each type's FTS5 tables are made again with a row id
 * that sorts by date: the document's date in whole seconds since 1970 (clamped to 32 bits) times 2^31 plus
 * its id, so that walking the matches newest first is walking them by date, and a page's best hits come with
 * LIMIT. A third FTS5 table per type holds the folded titles under the same row ids: a page's title hits are
 * walked the same way. Triggers keep them in step with `search_documents` (insert, delete, and an update that
 * touches what they hold), and the tables are built for the documents already there (decision 0096).
 *
 * PostgreSQL matches through pg_trgm and walks a type's documents by id (migrations 0011, 0014): nothing
 * changes there (decision 0096 says why).
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  if (kit.kind !== 'sqlite') return;
  await sql`drop trigger if exists search_documents_insert`.execute(db);
  await sql`drop trigger if exists search_documents_delete`.execute(db);
  for (const type of SEARCH_TYPES) {
    await sql`drop table if exists ${sql.table(`search_trigram_${type}`)}`.execute(db);
    await sql`drop table if exists ${sql.table(`search_words_${type}`)}`.execute(db);
    for (const table of TABLES) {
      await sql`create virtual table ${sql.table(`${table.prefix}${type}`)} using fts5(${sql.raw(table.column)},
        content='', contentless_delete=1, tokenize=${sql.lit(table.tokenize)})`.execute(db);
    }
  }
  await sql`create trigger search_documents_insert after insert on search_documents begin
    ${each((table, type) => insertRow(table, type, 'new'))};
  end`.execute(db);
  await sql`create trigger search_documents_delete after delete on search_documents begin
    ${each((table, type) => deleteRow(table, type, 'old'))};
  end`.execute(db);
  // The search writer deletes and inserts; an update (a date corrected by hand, a later migration) would
  // otherwise leave a row id that no longer says the document's date.
  await sql`create trigger search_documents_update
    after update of id, type, dated_at, folded_title, folded_text on search_documents begin
    ${each((table, type) => deleteRow(table, type, 'old'))};
    ${each((table, type) => insertRow(table, type, 'new'))};
  end`.execute(db);
  // A type visible in part checks each match by its source: this finds a row id's source without reading
  // the document's texts (a member's search read some 1,000 wide rows, a page cache's worth).
  await sql`create index search_documents_source_by_id on search_documents (id, source_id)`.execute(db);
  // the documents already there, per table in row id order: each FTS5 table is written front to back
  for (const type of SEARCH_TYPES) {
    for (const table of TABLES) {
      await sql`insert into ${sql.table(`${table.prefix}${type}`)}(rowid, ${sql.raw(table.column)})
        select ${key('d')}, d.${sql.raw(table.column)} from search_documents d
        where d.type = ${sql.lit(type)} ${table.column === 'folded_title' ? sql`and d.folded_title <> ''` : sql``}
        order by 1`.execute(db);
      // one segment: a walk newest first reads every segment's part of a term's list
      await sql`insert into ${sql.table(`${table.prefix}${type}`)}(${sql.table(`${table.prefix}${type}`)})
        values ('optimize')`.execute(db);
    }
  }
}

/** The hit types (contract SEARCH_TYPES) as they were when this migration was written. */
const SEARCH_TYPES = ['blog', 'content', 'event', 'forum', 'media'] as const;

/**
 * Per type: parts of words (`glas` in `waermedaemmglas`) in the text, words of two letters by prefix in the
 * text, and parts of words in the title (a document without a title has no row there).
 */
const TABLES = [
  { prefix: 'search_dated_trigram_', column: 'folded_text', tokenize: 'trigram remove_diacritics 1' },
  { prefix: 'search_dated_words_', column: 'folded_text', tokenize: 'unicode61 remove_diacritics 2' },
  { prefix: 'search_dated_title_', column: 'folded_title', tokenize: 'trigram remove_diacritics 1' },
] as const;

type Table = (typeof TABLES)[number];

/**
 * A document's row id: its date in seconds (a date SQLite cannot read counts as 1970) clamped to 32 bits, times
 * 2^31, plus its id (below 2^31). Unique, and in the order of (date to the second, id); 2^62 at most.
 */
function key(row: 'd' | 'new' | 'old'): RawBuilder<number> {
  const seconds = sql`min(max(coalesce(unixepoch(${sql.raw(row)}.dated_at), 0), -2147483648), 2147483647)`;
  return sql<number>`(${seconds} * 2147483648 + ${sql.raw(row)}.id)`;
}

function insertRow(table: Table, type: string, row: 'new'): RawBuilder<unknown> {
  const title = table.column === 'folded_title' ? sql` and new.folded_title <> ''` : sql``;
  return sql`insert into ${sql.table(`${table.prefix}${type}`)}(rowid, ${sql.raw(table.column)})
    select ${key(row)}, new.${sql.raw(table.column)} where new.type = ${sql.lit(type)}${title}`;
}

function deleteRow(table: Table, type: string, row: 'old'): RawBuilder<unknown> {
  const title = table.column === 'folded_title' ? sql` and old.folded_title <> ''` : sql``;
  return sql`delete from ${sql.table(`${table.prefix}${type}`)}
    where old.type = ${sql.lit(type)}${title} and rowid = ${key(row)}`;
}

/** One statement per type and table, for a trigger's body. */
function each(statement: (table: Table, type: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  return sql.join(
    SEARCH_TYPES.flatMap((type) => TABLES.map((table) => statement(table, type))),
    sql`; `,
  );
}
