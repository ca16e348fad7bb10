import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type ColumnKit, timestamps } from '../migration-kit.ts';

/** The specialties the office starts with (issue 36 point 1); admins keep the list from then on. */
const SPECIALTIES = ['Glasveredelung', 'Isolierglasfertigung', 'Glashandel', 'Glaserei', 'Fassadenbau'];

/**
 * Issue 36: member companies (decisions 0170–0174).
 * - `companies`: name and `name_key` (folded, without spaces: unique), address, contact data, logo, short
 *   description; `letter` (A–Z or '#', of the folded name) and `search_text` (folded name, place and
 *   specialties) so that the directory filters and searches with indexes and one query; `version` counts
 *   saves (a PATCH may name the version it read).
 * - `company_specialties` (seeded), `company_specialty_links`.
 * - `company_members`: one row per member in a company (a member belongs to one), with function, main
 *   contact flag and a phone of their own for the directory.
 * - `directory_consents`: a member's 'In Verzeichnis anzeigen' (a row: agreed; none: not, the default).
 * - the search's new hit type 'company': SQLite's trigram table and triggers for it (as migration 0022 keeps
 *   them for the others), PostgreSQL's partial indexes (as 0011 and 0014).
 * Existing members' company texts are not turned into companies here: an admin reviews the proposals first
 * (decision 0170).
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await timestamps(
    db.schema
      .createTable('companies')
      .addColumn('id', kit.idType, kit.id)
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('name_key', 'varchar(200)', (col) => col.notNull().unique())
      .addColumn('letter', 'varchar(1)', (col) => col.notNull())
      .addColumn('street', 'varchar(200)')
      .addColumn('postal_code', 'varchar(5)')
      .addColumn('city', 'varchar(100)')
      .addColumn('state', 'varchar(2)')
      .addColumn('website', 'varchar(300)')
      .addColumn('phone', 'varchar(40)')
      .addColumn('email', 'varchar(200)')
      .addColumn('description', 'text')
      .addColumn('logo_key', 'varchar(200)')
      .addColumn('logo_name', 'varchar(255)')
      .addColumn('search_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1)),
    kit,
  ).execute();
  await db.schema
    .createIndex('companies_by_letter')
    .on('companies')
    .columns(['letter', 'name_key'])
    .execute();
  await db.schema.createIndex('companies_by_state').on('companies').columns(['state', 'name_key']).execute();

  await db.schema
    .createTable('company_specialties')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('name_key', 'varchar(100)', (col) => col.notNull().unique())
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('company_specialty_links')
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('specialty_id', 'integer', (col) =>
      col.notNull().references('company_specialties.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('company_specialty_links_pk', ['company_id', 'specialty_id'])
    .execute();
  await db.schema
    .createIndex('company_specialty_links_by_specialty')
    .on('company_specialty_links')
    .columns(['specialty_id', 'company_id'])
    .execute();

  await db.schema
    .createTable('company_members')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (col) => col.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('function', 'varchar(30)')
    .addColumn('main_contact', kit.boolType, (col) => col.notNull().defaultTo(kit.false))
    .addColumn('phone', 'varchar(40)')
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('company_members_by_company')
    .on('company_members')
    .columns(['company_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('directory_consents')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('agreed_at', kit.timestampType, (col) => col.notNull())
    .execute();

  const now = new Date();
  for (const name of SPECIALTIES) {
    await sql`insert into company_specialties (name, name_key, created_at)
      values (${name}, ${name.toLowerCase()}, ${now})`.execute(db);
  }
  await searchType(db, kit);
}

/** The hit types (contract SEARCH_TYPES) as they are with this migration. */
const SEARCH_TYPES = ['blog', 'content', 'event', 'forum', 'media', 'company'] as const;

/** The dated key of migration 0018: the date in seconds (clamped to 32 bits) times 2^31 plus the id. */
function key(row: 'new' | 'old'): RawBuilder<number> {
  const seconds = sql`min(max(coalesce(unixepoch(${sql.raw(row)}.dated_at), 0), -2147483648), 2147483647)`;
  return sql<number>`(${seconds} * 2147483648 + ${sql.raw(row)}.id)`;
}

const trigram = (type: string) => sql.table(`search_dated_trigram_${type}`);
const each = (statement: (type: string) => RawBuilder<unknown>) =>
  sql.join(SEARCH_TYPES.map(statement), sql`; `);

/** The search's part of this migration, on its own: test/search re-runs the search migrations after dropping them. */
export async function searchType(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  if (kit.kind === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = rows[0]?.schema ?? 'public';
    await sql`create index search_documents_trigram_company on search_documents
      using gin (folded_text ${sql.ref(schema)}.gin_trgm_ops) where type = 'company'`.execute(db);
    await sql`create index search_documents_newest_company on search_documents (id)
      where type = 'company'`.execute(db);
    return;
  }
  await sql`create virtual table search_dated_trigram_company using fts5(folded_text,
    content='', contentless_delete=1, tokenize='trigram remove_diacritics 1')`.execute(db);
  for (const name of ['insert', 'delete', 'update'])
    await sql`drop trigger if exists ${sql.id(`search_documents_${name}`)}`.execute(db);
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
