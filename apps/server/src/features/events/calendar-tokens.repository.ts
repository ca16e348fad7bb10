import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

/** One calendar-subscription token per member, stored as its SHA-256 hash. */
export function createCalendarTokensRepository(db: Kysely<DB>) {
  return {
    /** Replaces the member's token: the old address stops working in the same transaction. */
    async replace(userId: number, tokenHash: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('calendarTokens').where('userId', '=', userId).execute();
        await trx.insertInto('calendarTokens').values({ userId, tokenHash, createdAt: now }).execute();
      });
    },

    async revoke(userId: number): Promise<void> {
      await db.deleteFrom('calendarTokens').where('userId', '=', userId).execute();
    },

    ofUser(userId: number) {
      return db
        .selectFrom('calendarTokens')
        .select('createdAt')
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    async userOf(tokenHash: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('calendarTokens')
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row?.userId;
    },
  };
}
