import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

export function createAuthRepository(db: Kysely<DB>) {
  return {
    async insertLoginToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      const now = new Date();
      await db.deleteFrom('loginTokens').where('expiresAt', '<', now).execute();
      await db.insertInto('loginTokens').values({ userId, tokenHash, expiresAt, createdAt: now }).execute();
    },

    /** Marks an unused, unexpired login token used in one statement: of two racing requests one wins. */
    async consumeLoginToken(tokenHash: string, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('loginTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('userId')
        .executeTakeFirst();
      return row?.userId;
    },

    async insertRefreshToken(row: { userId: number; familyId: string; tokenHash: string; expiresAt: Date }) {
      await db
        .insertInto('refreshTokens')
        .values({ ...row, createdAt: new Date() })
        .execute();
    },

    /** Marks a live refresh token used; returns its owner and family, or undefined when it is not live. */
    async consumeRefreshToken(tokenHash: string, now: Date) {
      return db
        .updateTable('refreshTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning(['userId', 'familyId'])
        .executeTakeFirst();
    },

    findRefreshToken(tokenHash: string) {
      return db
        .selectFrom('refreshTokens')
        .select(['userId', 'familyId'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('familyId', '=', familyId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async revokeAllOfUser(userId: number, now: Date): Promise<void> {
      await db
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    async deleteExpiredRefreshTokens(before: Date): Promise<void> {
      await db.deleteFrom('refreshTokens').where('expiresAt', '<', before).execute();
    },
  };
}
