import type { Kysely } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

/**
 * Issue 36 points 5 and 6 (decisions 0174, 0179):
 * - `companies.number`: the office's member number ('Mitgliedsnummer'), optional and unique; the host's login
 *   call may name a company by it.
 * - `users.first_name`, `users.last_name`: a person's name, sent by the login call or edited by admins; shown
 *   wherever a person appears (the username where both are empty).
 * - `users.photo_key`: the storage key of a member's photo (square, metadata removed), or null.
 */
export async function up(db: Kysely<unknown>, _kit: ColumnKit): Promise<void> {
  await db.schema.alterTable('companies').addColumn('number', 'varchar(20)').execute();
  await db.schema.createIndex('companies_by_number').on('companies').column('number').unique().execute();
  await db.schema.alterTable('users').addColumn('first_name', 'varchar(100)').execute();
  await db.schema.alterTable('users').addColumn('last_name', 'varchar(100)').execute();
  await db.schema.alterTable('users').addColumn('photo_key', 'varchar(200)').execute();
}
