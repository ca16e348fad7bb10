import { type Kysely, type RawBuilder, sql } from 'kysely';
import { rebuildDocuments } from '../../search/search-documents.ts';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * The search index (issue 16): one document per searchable thing, holding its plain text and a folded copy
 * (platform/search/fold.ts) that queries match; a CSV table's rows go in blocks (search-documents.ts). The
 * short columns come first, so reading a candidate's date and title never reads its texts.
 *
 * A search takes per type the newest matches only (features/search), so each type is matched on its own:
 * SQLite through two contentless FTS5 tables per type kept in step by triggers, trigram for parts of words
 * (`glas` in `waermedaemmglas`) and unicode61 for words of two letters by prefix, walked newest first.
 * PostgreSQL matches through pg_trgm (LIKE '%term%') and a 'simple' tsvector (prefix), and walks a type's
 * documents newest first by (type, id). The index is built for the data already there.
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
  await rebuildDocuments(db);
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
