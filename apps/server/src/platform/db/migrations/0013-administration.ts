import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Administration in the browser (issue 18): when a member last logged in, whether they were erased, a search
 * key over name, e-mail and company for the members list, and the append-only audit log of admin actions.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login_at', kit.timestampType).execute();
  // Set when an admin erased the member (GDPR): the row stays, renamed 'Ehemaliges Mitglied', so that their
  // forum posts keep an author; the username is free again for a fresh member.
  await db.schema.alterTable('users').addColumn('erased_at', kit.timestampType).execute();
  // username, e-mail and company lower-cased (NFC), kept by the accounts repository: the members search.
  await db.schema
    .alterTable('users')
    .addColumn('search_key', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .execute();
  const { rows } = await sql<{
    id: number;
    username: string;
    email: string | null;
    company: string | null;
  }>`select id, username, email, company from users`.execute(db);
  for (const row of rows) {
    const key = [row.username, row.email, row.company]
      .filter(Boolean)
      .join(' ')
      .normalize('NFC')
      .toLowerCase();
    await sql`update users set search_key = ${key} where id = ${row.id}`.execute(db);
  }
  if (kit.kind === 'postgres') {
    // migration 0011 installed pg_trgm: LIKE '%term%' over 100,000 members goes through this index
    const { rows: found } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    const schema = found[0]?.schema;
    if (!schema) throw new Error('pg_trgm is missing; migration 0011 installs it');
    await sql`create index users_search_key_trigram on users
      using gin (search_key ${sql.ref(schema)}.gin_trgm_ops)`.execute(db);
  }
  // The members list filtered by role, in username order; erased_at in it lets a count of the members of a
  // role read the index alone (SQLite: 12,000 partners counted in 0.2 ms instead of 26 ms).
  await db.schema
    .createIndex('users_role_idx')
    .on('users')
    .columns(['role', 'erased_at', 'username_key'])
    .execute();
  // The members list in username order without the erased, holding what its search and filters read: a deep
  // page, a count or a rare search reads this index instead of every row (bench/admin-members.ts; on SQLite
  // the table is read only for the 50 rows shown, on PostgreSQL an index-only scan yields the ids).
  await db.schema
    .createIndex('users_members_list_idx')
    .on('users')
    .columns(['username_key', 'search_key', 'role', 'disabled', 'id'])
    .where(sql.ref('erased_at'), 'is', null)
    .execute();
  await db.schema.createIndex('users_last_login_idx').on('users').column('last_login_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', kit.idType, kit.id)
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    // who did it: a member's id (no foreign key: entries outlive everything they name), null for the host
    // website's server or the shell
    .addColumn('actor_id', 'integer')
    // what happened, e.g. 'member.role', 'post.delete', 'login.host' (AUDIT_KINDS in the contract)
    .addColumn('kind', 'varchar(40)', (col) => col.notNull())
    // what it happened to: 'member', 'group', 'post', … and its id
    .addColumn('subject_type', 'varchar(20)', (col) => col.notNull())
    .addColumn('subject_id', 'integer')
    // a title or name at the time, for subjects that are not members (members are named by their row, so
    // that an erased member's name leaves the log with them)
    .addColumn('subject_label', 'varchar(300)')
    // JSON { field: { before, after } } of the fields the action changed
    .addColumn('changes', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('audit_log_kind_idx').on('audit_log').columns(['kind', 'id']).execute();
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['subject_type', 'subject_id'])
    .execute();

  // Append-only for the app: the database itself refuses to change or remove an entry.
  if (kit.kind === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
