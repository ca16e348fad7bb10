import { type Kysely, sql } from 'kysely';
import { fold } from '../../search/fold.ts';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 36 point 5 (decision 0184): the admin's members list sorted by company, then person name, pages
 * through an index instead of sorting every member on each request.
 * - `users.name_key`: the person's name as shown (personName(): 'Erika Muster', else the username), folded as
 *   the search folds; written by accounts with the names, cleared on erasure.
 * - `users.company_order`: '0' followed by the `name_key` of the member's company, or '1' without one, so that
 *   members without a company come last. Triggers on `company_members` and on `companies.name_key` keep it, so
 *   every way a member joins, moves, leaves or a company is renamed or deleted keeps it true; they write only
 *   where it changes (on PostgreSQL every write of a row leaves an old version behind).
 * - both in the "C" collation on PostgreSQL (bytes, as SQLite compares), so that both databases sort alike;
 * - for members not erased, `users_members_by_company_idx` (company_order, name_key, id) and
 *   `users_role_company_idx` (role, company_order, name_key, id): a page in that order, of everyone or of one
 *   role, and 'Ohne Firma', read in order from an index (without the second SQLite read a role's members from
 *   users_role_idx and sorted them: 50 ms for the last page of 12,000 partners). On SQLite both also hold
 *   what the filters read (search key, role, access; username key for 'Ohne Firma' by username): SQLite counts
 *   in the narrowest index whatever it then has to read from the table (400 ms for a search); PostgreSQL
 *   prices an index-only scan by its width and read and sorted every member rather than walk a wide index
 *   (190 ms for the last page, 16 ms through the narrow one). bench/admin-members.ts, decision 0184.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  const postgres = kit.kind === 'postgres';
  const text = (length: number) =>
    sql`varchar(${sql.raw(String(length))})${sql.raw(postgres ? ' collate "C"' : '')}`;
  await db.schema
    .alterTable('users')
    .addColumn('name_key', text(300), (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('company_order', text(201), (col) => col.notNull().defaultTo('1'))
    .execute();
  await writeKeys(db);
  await (postgres ? postgresTriggers(db) : sqliteTriggers(db));
  const notErased = (name: string, columns: string[]) =>
    db.schema
      .createIndex(name)
      .on('users')
      .columns(columns)
      .where(sql.ref('erased_at'), 'is', null)
      .execute();
  const filtered = postgres ? [] : ['search_key', 'role', 'disabled'];
  await notErased('users_members_by_company_idx', [
    'company_order',
    'name_key',
    'id',
    ...filtered,
    ...(postgres ? [] : ['username_key']),
  ]);
  await notErased('users_role_company_idx', [
    'role',
    'company_order',
    'name_key',
    'id',
    ...filtered.filter((column) => column !== 'role'),
  ]);
}

const BATCH = 500;

/** personName() folded; the rule is the contract's, repeated here so that the migration never changes. */
function nameKey(row: { username: string; first: string | null; last: string | null }): string {
  const name = [row.first, row.last]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return fold(name || row.username).slice(0, 300);
}

/**
 * Both keys of every member in one update each (on PostgreSQL every update of a row writes a new version of
 * it: one, not two per member).
 */
async function writeKeys(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; username: string; first: string | null; last: string | null }>`
    select id as id, username as username, first_name as first, last_name as last from users
    where erased_at is null order by id`.execute(db);
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = rows
      .slice(start, start + BATCH)
      .map((row) => sql`(cast(${row.id} as integer), cast(${nameKey(row)} as text))`);
    await sql`with v(id, k) as (values ${sql.join(values)})
      update users set name_key = (select k from v where v.id = users.id),
        company_order = coalesce((select '0' || c.name_key from company_members cm
          join companies c on c.id = cm.company_id where cm.user_id = users.id), '1')
      where id in (select id from v)`.execute(db);
  }
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const linked = (row: 'new' | 'old') => sql`'0' || (select name_key from companies
    where id = ${sql.raw(row)}.company_id)`;
  await sql`create trigger company_members_order_insert after insert on company_members begin
    update users set company_order = ${linked('new')}
    where id = new.user_id and company_order is not ${linked('new')}; end`.execute(db);
  await sql`create trigger company_members_order_delete after delete on company_members begin
    update users set company_order = '1' where id = old.user_id and company_order <> '1'; end`.execute(db);
  await sql`create trigger company_members_order_update after update of user_id, company_id
    on company_members begin
    update users set company_order = '1' where id = old.user_id and company_order <> '1';
    update users set company_order = ${linked('new')}
    where id = new.user_id and company_order is not ${linked('new')}; end`.execute(db);
  await sql`create trigger companies_member_order after update of name_key on companies begin
    update users set company_order = '0' || new.name_key
    where id in (select user_id from company_members where company_id = new.id)
      and company_order <> '0' || new.name_key; end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function company_members_order() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update users set company_order = '1' where id = old.user_id and company_order <> '1';
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update users set company_order = o.value
        from (select '0' || name_key as value from companies where id = new.company_id) o
        where users.id = new.user_id and users.company_order is distinct from o.value;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger company_members_order after insert or delete or update of user_id, company_id
    on company_members for each row execute function company_members_order()`.execute(db);
  await sql`create function companies_member_order() returns trigger language plpgsql as $$
    begin
      update users set company_order = '0' || new.name_key
      where id in (select user_id from company_members where company_id = new.id)
        and company_order is distinct from '0' || new.name_key;
      return null;
    end $$`.execute(db);
  await sql`create trigger companies_member_order after update of name_key on companies
    for each row when (old.name_key is distinct from new.name_key)
    execute function companies_member_order()`.execute(db);
}
