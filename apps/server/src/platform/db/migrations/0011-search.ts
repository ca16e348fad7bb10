import { type Kysely, sql } from 'kysely';
import { rebuildDocuments } from '../../search/search-documents.ts';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * The search index (issue 16): one document per searchable thing, holding its plain text and a folded copy
 * (platform/search/fold.ts) that queries match. SQLite matches through two contentless FTS5 tables kept in
 * step by triggers: trigram for parts of words (`glas` in `waermedaemmglas`), unicode61 for words of two
 * letters by prefix. PostgreSQL matches through pg_trgm (LIKE '%term%') and a 'simple' tsvector (prefix).
 * The index is built for the data already there.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('search_documents')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'integer', (col) => col.notNull())
    .addColumn('owner_id', 'integer')
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('folded_title', 'text', (col) => col.notNull())
    .addColumn('folded_text', 'text', (col) => col.notNull())
    .addColumn('dated_at', kit.timestampType, (col) => col.notNull())
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

async function sqliteMatching(db: Kysely<unknown>): Promise<void> {
  // A common word matches most of a 100,000-row table: counting and ranking them reads this narrow index
  // instead of the documents with their texts, which halves the time.
  await sql`create index search_documents_hits on search_documents
    (id, type, source_id, dated_at, owner_id, folded_title)`.execute(db);
  await sql`create virtual table search_trigram using fts5(folded_text, content='', contentless_delete=1,
    tokenize='trigram remove_diacritics 1')`.execute(db);
  await sql`create virtual table search_words using fts5(folded_text, content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger search_documents_insert after insert on search_documents begin
    insert into search_trigram(rowid, folded_text) values (new.id, new.folded_text);
    insert into search_words(rowid, folded_text) values (new.id, new.folded_text);
  end`.execute(db);
  await sql`create trigger search_documents_delete after delete on search_documents begin
    delete from search_trigram where rowid = old.id;
    delete from search_words where rowid = old.id;
  end`.execute(db);
}

/**
 * pg_trgm goes where it already is, else into `public`: a schema of its own per test would take the operator
 * class away from the others when it is dropped.
 */
async function postgresMatching(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramSchema(db);
  await sql`create index search_documents_trigram on search_documents
    using gin (folded_text ${sql.ref(schema)}.gin_trgm_ops)`.execute(db);
  await sql`create index search_documents_words on search_documents
    using gin (to_tsvector('simple', folded_text))`.execute(db);
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
