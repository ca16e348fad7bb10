import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** Small named texts admins edit (the dashboard intro); one row per key. */
export function createSettingsRepository(db: Kysely<DB>) {
  return {
    async get(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    async set(key: string, value: string): Promise<void> {
      const updatedAt = new Date();
      await db
        .insertInto('settings')
        .values({ key, value, updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt }))
        .execute();
    },
  };
}
