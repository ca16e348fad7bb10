import { type Kysely, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * One row per login session (a refresh-token family). Access tokens name their session, and the guard refuses
 * a token whose session has ended, so logout and refresh-token reuse end the access tokens at once. One row to
 * read per session (cached) and one to update on revocation, instead of all the family's refresh tokens.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('sessions')
    // the family id of the session's refresh tokens; access tokens carry it as `sid`
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', kit.timestampType, (col) => col.notNull())
    .addColumn('revoked_at', kit.timestampType)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  // Sessions that exist already: a family is alive while one of its refresh tokens is not revoked.
  await sql`
    insert into sessions (id, user_id, created_at, revoked_at)
    select family_id, min(user_id), min(created_at),
      case when count(*) = count(revoked_at) then max(revoked_at) end
    from refresh_tokens
    group by family_id
  `.execute(db);
}
