/**
 * The documents of the search index (issue 16), rewritten from the tables they come from. Plain SQL with
 * snake_case names and one-word aliases, so it runs both on the app's Kysely (CamelCasePlugin) and on the
 * plain one the migration that builds the index for existing data gets.
 */
import { type RawBuilder, SqliteAdapter, sql } from 'kysely';
import { htmlToText } from '../html/text.ts';
import { fold } from './fold.ts';

/** Anything a raw query runs on: the database, a transaction, the migration's Kysely. */
type SqlRunner = Parameters<RawBuilder<unknown>['execute']>[0];

/** What a document stands for: the sources of search-index.ts, and a block of rows of a content item's table. */
export type DocumentKind =
  | 'blog'
  | 'content'
  | 'content-row'
  | 'event'
  | 'forum-thread'
  | 'forum-post'
  | 'media';

/** The kinds whose documents are written from JavaScript (rows are copied by one INSERT … SELECT). */
type SourceKind = Exclude<DocumentKind, 'content-row'>;

/** The hit type a kind counts as (contract SEARCH_TYPES). */
const TYPE_OF: Record<DocumentKind, string> = {
  blog: 'blog',
  content: 'content',
  'content-row': 'content',
  event: 'event',
  'forum-thread': 'forum',
  'forum-post': 'forum',
  media: 'media',
};

interface DocumentValues {
  sourceId: number;
  /** a forum post's thread; null otherwise */
  ownerId: number | null;
  /** empty for a forum post: its thread's title is shown, and its words are not the post's */
  title: string;
  body: string;
  date: Date | string;
}

interface SourceRow {
  sid: number;
  [column: string]: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const rich = (value: unknown): string => htmlToText(text(value));
/** The parts that are not empty, joined by `separator`. */
const joinedBy = (separator: string, ...parts: string[]): string =>
  parts.filter((part) => part !== '').join(separator);
const joined = (...parts: string[]): string => joinedBy('\n', ...parts);
const at = (value: unknown): Date | string => (value instanceof Date ? value : text(value));

/**
 * Per kind: the query reading its sources (table alias `s`; columns `sid`, `title`, `at`, for a forum post
 * `owner`, its thread) and the document's text. A forum post has no title of its own: the thread's is shown.
 */
const SOURCES: Record<SourceKind, { select: RawBuilder<SourceRow>; body(row: SourceRow): string }> = {
  blog: {
    select: sql`select s.id as sid, s.title as title, s.pre_text as pre, s.content as body,
      s.published_at as at from blog_posts s`,
    body: (row) => joined(rich(row.pre), rich(row.body), (row.tags as string[] | undefined)?.join(' ') ?? ''),
  },
  content: {
    select: sql`select s.id as sid, s.title as title, s.pre_text as pre, s.post_text as post,
      s.updated_at as at from content_items s`,
    body: (row) => joined(rich(row.pre), rich(row.post)),
  },
  event: {
    select: sql`select s.id as sid, s.name as title, s.description as body, s.location as place,
      s.start_at as at from events s`,
    // The place and the description read as one line in a snippet: a separator keeps them apart.
    body: (row) => joinedBy(' · ', text(row.place), rich(row.body)),
  },
  'forum-thread': {
    select: sql`select s.id as sid, s.name as title, s.created_at as at from forum_threads s`,
    body: () => '',
  },
  'forum-post': {
    select: sql`select s.id as sid, s.thread_id as owner, s.content as body, s.created_at as at
      from forum_posts s`,
    body: (row) => rich(row.body),
  },
  media: {
    select: sql`select s.id as sid, s.name as title, s.original_filename as body, s.created_at as at
      from media_files s`,
    body: (row) => text(row.body),
  },
};

function documentOf(kind: SourceKind, row: SourceRow): DocumentValues {
  return {
    sourceId: row.sid,
    ownerId: row.owner === undefined || row.owner === null ? null : Number(row.owner),
    title: text(row.title),
    body: SOURCES[kind].body(row),
    date: at(row.at),
  };
}

/** Sources read per statement; ids per `in (…)` list. */
const PAGE = 500;
/** Documents per INSERT: 8 values each stays far below both databases' parameter limits. */
const INSERT_BATCH = 200;

async function tagsOf(db: SqlRunner, ids: readonly number[]): Promise<Map<number, string[]>> {
  const { rows } = await sql<{ sid: number; tag: string }>`select blog_post_id as sid, tag as tag
    from blog_post_tags where blog_post_id in (${sql.join(ids)}) order by tag`.execute(db);
  const tags = new Map<number, string[]>();
  for (const row of rows) tags.set(row.sid, [...(tags.get(row.sid) ?? []), row.tag]);
  return tags;
}

async function insertDocuments(db: SqlRunner, kind: SourceKind, documents: readonly DocumentValues[]) {
  for (let start = 0; start < documents.length; start += INSERT_BATCH) {
    const values = documents
      .slice(start, start + INSERT_BATCH)
      .map(
        (doc) =>
          sql`(${kind}, ${TYPE_OF[kind]}, ${doc.sourceId}, ${doc.ownerId}, ${doc.title}, ${doc.body}, ${fold(doc.title)}, ${fold(joined(doc.title, doc.body))}, ${doc.date})`,
      );
    await sql`insert into search_documents
      (kind, type, source_id, owner_id, title, body, folded_title, folded_text, dated_at)
      values ${sql.join(values)}`.execute(db);
  }
}

/** Reads the sources the condition keeps (over alias `s`) and writes their documents. */
async function writeSources(db: SqlRunner, kind: SourceKind, where: RawBuilder<unknown>): Promise<number> {
  const source = SOURCES[kind];
  const { rows } = await sql<SourceRow>`${source.select} where ${where} order by s.id limit ${PAGE}`.execute(
    db,
  );
  if (kind === 'blog' && rows.length > 0) {
    const tags = await tagsOf(
      db,
      rows.map((row) => row.sid),
    );
    for (const row of rows) row.tags = tags.get(row.sid) ?? [];
  }
  await insertDocuments(
    db,
    kind,
    rows.map((row) => documentOf(kind, row)),
  );
  return rows.length === PAGE ? (rows.at(-1)?.sid ?? 0) : -1;
}

/**
 * A large CSV table's rows are indexed in blocks: one document per this many rows, holding each distinct
 * folded word of them once. A price list repeats most of its words from row to row, so this is a fifth of
 * the text to tokenise, and an upload of 100,000 rows stays fast. Every search term lies within one word
 * (terms are split at spaces), so a block matches whenever one of its rows does; the row is found when the
 * hit is shown, and a hit stands for the block's first matching row.
 */
export const ROWS_PER_DOCUMENT = 500;
/** A table of at most this many rows is indexed a row per document: each matching row is a hit of its own. */
const ROWS_ONE_BY_ONE = 1000;

/** How many rows a document of a table with this many rows stands for. */
export function rowsPerDocument(rowCount: number): number {
  return rowCount <= ROWS_ONE_BY_ONE ? 1 : ROWS_PER_DOCUMENT;
}
/** Rows read per statement (a multiple of ROWS_PER_DOCUMENT). */
const ROWS_PER_STATEMENT = 10_000;

/**
 * Writes the block documents of the items' live table rows, a slice per statement; returns how many rows
 * they hold. Each distinct word is folded once, here: a price list's words repeat, and folding every row in
 * the database would cost more.
 */
async function writeRows(db: SqlRunner, itemIds: readonly number[] | 'all'): Promise<number> {
  const kind = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  // a row's `search` keeps its cells apart with U+001F: spaces, so that words are split at cells too
  const text =
    kind === 'sqlite'
      ? sql<string>`group_concat(replace(r.search, char(31), ' '), ' ')`
      : sql<string>`string_agg(replace(r.search, chr(31), ' '), ' ')`;
  const only = itemIds === 'all' ? sql`1 = 1` : sql`id in (${sql.join(itemIds)})`;
  const { rows: tables } = await sql<{ sid: number; base: number; n: number; at: Date }>`select
    id as sid, csv_row_base as base, csv_row_count as n, updated_at as at from content_items
    where csv_row_count > 0 and ${only}`.execute(db);
  let written = 0;
  for (const table of tables) {
    written += Number(table.n);
    const size = rowsPerDocument(Number(table.n));
    for (let start = 0; start < table.n; start += ROWS_PER_STATEMENT) {
      const first = table.base + start;
      const end = table.base + Math.min(start + ROWS_PER_STATEMENT, table.n);
      // literals: SQLite binds a JavaScript number as a real, which would not divide to whole blocks
      const block = sql`(r.row_index - ${sql.lit(Number(table.base))}) / ${sql.lit(size)}`;
      const { rows: blocks } = await sql<{ block: number; text: string }>`select ${block} as block,
          ${text} as text
        from content_item_rows r
        where r.content_item_id = ${table.sid} and r.row_index >= ${first} and r.row_index < ${end}
        group by ${block}`.execute(db);
      const values = blocks.map((block) => {
        const distinct = new Set([...new Set(block.text.split(/\s+/))].map(fold));
        distinct.delete('');
        const owner = table.base + Number(block.block) * size;
        return sql`(${'content-row'}, ${'content'}, ${table.sid}, ${owner}, ${''}, ${''}, ${''}, ${[...distinct].join(' ')}, ${table.at})`;
      });
      if (values.length === 0) continue;
      await sql`insert into search_documents
          (kind, type, source_id, owner_id, title, body, folded_title, folded_text, dated_at)
        values ${sql.join(values)}`.execute(db);
    }
  }
  return written;
}

function chunks(ids: readonly number[]): number[][] {
  const result: number[][] = [];
  for (let start = 0; start < ids.length; start += PAGE) result.push(ids.slice(start, start + PAGE));
  return result;
}

/** The documents of these sources; a forum thread's or content item's own ones only, not its posts' or rows'. */
function documentsOf(kind: DocumentKind, ids: readonly number[]): RawBuilder<unknown> {
  return sql`kind = ${kind} and source_id in (${sql.join(ids)})`;
}

/** Drops the documents of these sources and what belongs to them (a thread's posts, an item's rows). */
export async function deleteDocuments(
  db: SqlRunner,
  kind: SourceKind,
  ids: readonly number[],
): Promise<void> {
  for (const part of chunks(ids)) {
    await sql`delete from search_documents where ${documentsOf(kind, part)}`.execute(db);
    if (kind === 'content')
      await sql`delete from search_documents where ${documentsOf('content-row', part)}`.execute(db);
    if (kind === 'forum-thread')
      await sql`delete from search_documents where kind = ${'forum-post'} and owner_id in (${sql.join(part)})`.execute(
        db,
      );
  }
}

/**
 * Rewrites the documents of these sources from their tables; with `rows`, a content item's table rows' too.
 * A row's document holds its cells only (the hit takes the item's title from the item), so a change of the
 * item's texts leaves them as they are.
 */
export async function writeDocuments(
  db: SqlRunner,
  kind: SourceKind,
  ids: readonly number[],
  options: { rows: boolean },
): Promise<void> {
  for (const part of chunks(ids)) {
    await sql`delete from search_documents where ${documentsOf(kind, part)}`.execute(db);
    await writeSources(db, kind, sql`s.id in (${sql.join(part)})`);
    if (kind === 'content' && options.rows) {
      await sql`delete from search_documents where ${documentsOf('content-row', part)}`.execute(db);
      await writeRows(db, part);
    }
  }
}

const SOURCE_KINDS: readonly SourceKind[] = [
  'blog',
  'content',
  'event',
  'forum-thread',
  'forum-post',
  'media',
];

/**
 * SQLite: the search's FTS5 tables (migrations 0011, 0018), whichever the schema holds. A rebuild empties each
 * at once ('delete-all': deleting 60,000 documents one by one left as many tombstones and took a quarter of
 * the rebuild) and merges it into one segment when written ('optimize'): a walk newest first reads every
 * segment's part of a term's list, and a title hit then cost 0.36 ms to find instead of 0.06 (decision 0096).
 */
async function searchTables(db: SqlRunner): Promise<string[]> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return [];
  const { rows } = await sql<{ name: string }>`select name as name from sqlite_master
    where type = 'table' and substr(name, 1, 7) = 'search_' and sql like '%using fts5%'`.execute(db);
  return rows.map((row) => row.name);
}

/** Empties the index and writes it again from every table; returns the sources per kind (table rows, not blocks). */
export async function rebuildDocuments(db: SqlRunner): Promise<Record<DocumentKind, number>> {
  // emptied first: the documents' delete triggers then have nothing to take out
  const fts = await searchTables(db);
  for (const table of fts)
    await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('delete-all')`.execute(db);
  await sql`delete from search_documents`.execute(db);
  for (const kind of SOURCE_KINDS) {
    let after = 0;
    while (after >= 0) after = await writeSources(db, kind, sql`s.id > ${after}`);
  }
  const tableRows = await writeRows(db, 'all');
  for (const table of fts)
    await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('optimize')`.execute(db);
  const { rows } = await sql<{ kind: DocumentKind; n: number }>`select kind as kind, count(*) as n
    from search_documents group by kind`.execute(db);
  const counts: Record<DocumentKind, number> = {
    blog: 0,
    content: 0,
    'content-row': 0,
    event: 0,
    'forum-thread': 0,
    'forum-post': 0,
    media: 0,
  };
  for (const row of rows) counts[row.kind] = row.n;
  counts['content-row'] = tableRows;
  return counts;
}
