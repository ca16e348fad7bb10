import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** Small named values: texts admins edit (the dashboard intro), the accounts' version; one row per key. */
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
