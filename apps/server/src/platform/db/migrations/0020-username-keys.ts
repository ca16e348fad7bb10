import { type Kysely, sql } from 'kysely';
import { usernameKey } from '../../auth/username-key.ts';

/**
 * Usernames are compared by a key that folds compatibility forms (NFKC) and drops invisible characters
 * (issue 30, decision 0116): the keys of existing members are written again with it. Where two members' names
 * now give one key, the member who holds it already keeps it and the other keeps the old key, which no login
 * gives any more (an admin still sees, changes and erases that account). Erased members keep `ERASED#id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; username: string; key: string }>`select id as id,
    username as username, username_key as key from users where erased_at is null order by id`.execute(db);
  const taken = new Set(rows.map((row) => row.key));
  for (const row of rows) {
    const key = usernameKey(row.username);
    if (key === row.key || taken.has(key)) continue;
    await sql`update users set username_key = ${key} where id = ${row.id}`.execute(db);
    taken.delete(row.key);
    taken.add(key);
  }
}
