import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * The search index (issue 16): one document per searchable thing, holding its plain text and a folded copy
 * (platform/search/fold.ts) that queries match; a CSV table's rows go in blocks. The short columns come first,
 * so reading a candidate's date and title never reads its texts.
 *
 * A search takes per type the newest matches only (features/search), so each type is matched on its own:
 * SQLite through two contentless FTS5 tables per type kept in step by triggers, trigram for parts of words
 * (`glas` in `waermedaemmglas`) and unicode61 for words of two letters by prefix, walked newest first.
 * PostgreSQL matches through pg_trgm (LIKE '%term%') and a 'simple' tsvector (prefix), and walks a type's
 * documents newest first by (type, id). The index is built for the data already there, by the frozen copy of
 * the document writer below (decision 0131): the features' search sources may change, this may not.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('search_documents')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'integer', (col) => col.notNull())
    .addColumn('owner_id', 'integer')
    .addColumn('dated_at', kit.timestampType, (col) => col.notNull())
    .addColumn('folded_title', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('folded_text', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('search_documents_source')
    .on('search_documents')
    .columns(['kind', 'source_id'])
    .execute();
  await db.schema
    .createIndex('search_documents_owner')
    .on('search_documents')
    .columns(['owner_id'])
    .execute();
  if (kit.kind === 'sqlite') await sqliteMatching(db);
  else await postgresMatching(db);
  await writeDocuments(db, kit);
}

/** The hit types (contract SEARCH_TYPES) as they were when this migration was written. */
const SEARCH_TYPES = ['blog', 'content', 'event', 'forum', 'media'] as const;

async function sqliteMatching(db: Kysely<unknown>): Promise<void> {
  for (const type of SEARCH_TYPES) {
    await sql`create virtual table ${sql.table(`search_trigram_${type}`)} using fts5(folded_text, content='',
      contentless_delete=1, tokenize='trigram remove_diacritics 1')`.execute(db);
    await sql`create virtual table ${sql.table(`search_words_${type}`)} using fts5(folded_text, content='',
      contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db);
  }
  const each = (statement: (type: string) => RawBuilder<unknown>) =>
    sql.join(
      SEARCH_TYPES.map((type) => statement(type)),
      sql`; `,
    );
  await sql`create trigger search_documents_insert after insert on search_documents begin
    ${each(
      (type) => sql`insert into ${sql.table(`search_trigram_${type}`)}(rowid, folded_text)
        select new.id, new.folded_text where new.type = ${sql.lit(type)};
      insert into ${sql.table(`search_words_${type}`)}(rowid, folded_text)
        select new.id, new.folded_text where new.type = ${sql.lit(type)}`,
    )};
  end`.execute(db);
  await sql`create trigger search_documents_delete after delete on search_documents begin
    ${each(
      (type) => sql`delete from ${sql.table(`search_trigram_${type}`)}
        where old.type = ${sql.lit(type)} and rowid = old.id;
      delete from ${sql.table(`search_words_${type}`)} where old.type = ${sql.lit(type)} and rowid = old.id`,
    )};
  end`.execute(db);
}

/**
 * pg_trgm goes where it already is, else into `public`: a schema of its own per test would take the operator
 * class away from the others when it is dropped.
 */
async function postgresMatching(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramSchema(db);
  // per type: a search asks each type for its matches, and a partial index holds that type's alone
  for (const type of SEARCH_TYPES) {
    await sql`create index ${sql.id(`search_documents_trigram_${type}`)} on search_documents
      using gin (folded_text ${sql.ref(schema)}.gin_trgm_ops) where type = ${sql.lit(type)}`.execute(db);
    await sql`create index ${sql.id(`search_documents_words_${type}`)} on search_documents
      using gin (to_tsvector('simple', folded_text)) where type = ${sql.lit(type)}`.execute(db);
  }
  await sql`create index search_documents_newest on search_documents (type, id)`.execute(db);
}

async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const installed = () =>
    sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const found = (await installed()).rows[0]?.schema;
  if (found) return found;
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_namespace where nspname = 'public'`.execute(db);
  const create = rows[0]?.n
    ? sql`create extension if not exists pg_trgm schema public`
    : sql`create extension if not exists pg_trgm`;
  // Two databases' migrations (parallel tests) may create it at once: the loser finds the winner's.
  await create.execute(db).catch(() => undefined);
  const schema = (await installed()).rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm could not be installed');
  return schema;
}

/*
 * The documents for the data already there, as the app wrote them when this was last changed (issue 32),
 * frozen: the features' search sources write them from then on, and a change of what a document holds comes
 * with a migration of its own that rewrites them.
 */

type Row = Record<string, unknown> & { sid: number };

const PAGE = 500;
const INSERT_BATCH = 200;
const SPELT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Lower case, German umlauts spelt out, other diacritics removed; plain ASCII stays as it is. */
const fold = (text: string) =>
  text.replace(/[^\0-@[-\x7f]/gu, (char) =>
    [...char.toLowerCase()].map((c) => SPELT[c] ?? c.normalize('NFD').replace(/\p{M}/gu, '')).join(''),
  );

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const lines = (...parts: string[]) => parts.filter((part) => part !== '').join('\n');

function entity(match: string, code: string): string {
  const hex = /^#x/i.test(code);
  if (!code.startsWith('#')) return ENTITIES[code.toLowerCase()] ?? match;
  const point = Number.parseInt(code.slice(hex ? 2 : 1), hex ? 16 : 10);
  return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : match;
}

/** Stored (sanitised) rich text as plain text: block ends as line breaks, tags dropped, entities decoded. */
const MARKUP: [RegExp, string][] = [
  [/<br\s*\/?>/gi, '\n'],
  [/<\/(p|div|h[1-6]|blockquote|pre|table)>/gi, '\n\n'],
  [/<\/(li|tr)>/gi, '\n'],
  [/<li[^>]*>/gi, '• '],
  [/<[^>]*>/g, ''],
];
const SPACING: [RegExp, string][] = [
  [/[ \t\u00a0]+/g, ' '],
  [/^[^\S\n]+|[^\S\n]+$/gm, ''],
  [/\n{3,}/g, '\n\n'],
];
const replaced = (text: string, steps: [RegExp, string][]) =>
  steps.reduce((result, [pattern, by]) => result.replace(pattern, by), text);
const plain = (html: unknown) =>
  replaced(replaced(str(html), MARKUP).replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, entity), SPACING).trim();

/** Per kind: its rows (alias `s`; `sid`, `at`, a forum post's `owner`) and their title and text. */
const KINDS: { kind: string; type: string; rows: RawBuilder<Row>; text(row: Row): [string, string] }[] = [
  {
    kind: 'blog',
    type: 'blog',
    rows: sql`select s.id as sid, s.title as title, s.pre_text as pre, s.content as body,
      s.published_at as at from blog_posts s`,
    text: (row) => [str(row.title), lines(plain(row.pre), plain(row.body), str(row.tags))],
  },
  {
    kind: 'content',
    type: 'content',
    rows: sql`select s.id as sid, s.title as title, s.pre_text as pre, s.post_text as post,
      s.updated_at as at from content_items s`,
    text: (row) => [str(row.title), lines(plain(row.pre), plain(row.post))],
  },
  {
    kind: 'event',
    type: 'event',
    rows: sql`select s.id as sid, s.name as title, s.description as body, s.location as place,
      s.start_at as at from events s`,
    text: (row) => [str(row.title), [str(row.place), plain(row.body)].filter(Boolean).join(' · ')],
  },
  {
    kind: 'forum-thread',
    type: 'forum',
    rows: sql`select s.id as sid, s.name as title, s.created_at as at from forum_threads s`,
    text: (row) => [str(row.title), ''],
  },
  {
    kind: 'forum-post',
    type: 'forum',
    rows: sql`select s.id as sid, s.thread_id as owner, s.content as body, s.created_at as at
      from forum_posts s`,
    text: (row) => ['', plain(row.body)],
  },
  {
    kind: 'media',
    type: 'media',
    rows: sql`select s.id as sid, s.name as title, s.original_filename as body, s.created_at as at
      from media_files s`,
    text: (row) => [str(row.title), str(row.body)],
  },
];

type Values = [kind: string, type: string, sid: number, owner: unknown, ...texts: string[], at: unknown];

async function insert(db: Kysely<unknown>, documents: readonly Values[]): Promise<void> {
  for (let start = 0; start < documents.length; start += INSERT_BATCH) {
    const values = documents.slice(start, start + INSERT_BATCH).map((doc) => sql`(${sql.join(doc)})`);
    await sql`insert into search_documents
      (kind, type, source_id, owner_id, title, body, folded_title, folded_text, dated_at)
      values ${sql.join(values)}`.execute(db);
  }
}

/** A post's tags, sorted and joined by spaces, set on its row. */
async function withTags(db: Kysely<unknown>, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const { rows: tags } = await sql<{ sid: number; tag: string }>`select blog_post_id as sid, tag as tag
    from blog_post_tags where blog_post_id in (${sql.join(rows.map((row) => row.sid))}) order by tag`.execute(
    db,
  );
  const of = new Map<number, string[]>();
  for (const tag of tags) of.set(tag.sid, [...(of.get(tag.sid) ?? []), tag.tag]);
  for (const row of rows) row.tags = (of.get(row.sid) ?? []).join(' ');
}

async function writeDocuments(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  for (const { kind, type, rows: select, text } of KINDS) {
    let after = 0;
    for (;;) {
      const { rows } = await sql<Row>`${select} where s.id > ${after} order by s.id limit ${PAGE}`.execute(
        db,
      );
      if (kind === 'blog') await withTags(db, rows);
      await insert(
        db,
        rows.map((row) => {
          const [title, body] = text(row);
          const owner = row.owner === undefined || row.owner === null ? null : Number(row.owner);
          return [kind, type, row.sid, owner, title, body, fold(title), fold(lines(title, body)), row.at];
        }),
      );
      if (rows.length < PAGE) break;
      after = rows.at(-1)?.sid ?? 0;
    }
  }
  await writeTableRows(db, kit);
}

/**
 * A CSV table's rows: a document per row up to 1,000 rows, else per block of 500 rows, holding each distinct
 * folded word of its rows once (decision 0078); its `owner_id` is the block's first row.
 */
async function writeTableRows(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  const words =
    kit.kind === 'sqlite'
      ? sql<string>`group_concat(replace(r.search, char(31), ' '), ' ')`
      : sql<string>`string_agg(replace(r.search, chr(31), ' '), ' ')`;
  const { rows: tables } = await sql<{ sid: number; base: number; n: number; at: unknown }>`select
    id as sid, csv_row_base as base, csv_row_count as n, updated_at as at from content_items
    where csv_row_count > 0`.execute(db);
  for (const table of tables) {
    const count = Number(table.n);
    const base = Number(table.base);
    const size = count <= 1000 ? 1 : 500;
    for (let start = 0; start < count; start += 10_000) {
      const block = sql`(r.row_index - ${sql.lit(base)}) / ${sql.lit(size)}`;
      const { rows: blocks } = await sql<{ block: number; text: string }>`select ${block} as block,
          ${words} as text
        from content_item_rows r
        where r.content_item_id = ${table.sid} and r.row_index >= ${base + start}
          and r.row_index < ${base + Math.min(start + 10_000, count)}
        group by ${block}`.execute(db);
      const documents = blocks.map((row): Values => {
        const distinct = new Set([...new Set(row.text.split(/\s+/))].map(fold));
        distinct.delete('');
        const owner = base + Number(row.block) * size;
        return ['content-row', 'content', table.sid, owner, '', '', '', [...distinct].join(' '), table.at];
      });
      if (documents.length > 0) await insert(db, documents);
    }
  }
}
