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

    async insertSession(row: { id: string; userId: number; createdAt: Date }): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    async sessionAlive(id: string): Promise<boolean> {
      const row = await db.selectFrom('sessions').select('revokedAt').where('id', '=', id).executeTakeFirst();
      return row !== undefined && row.revokedAt === null;
    },

    /** Ends the sessions; answers those that were alive. */
    async revokeSessions(ids: readonly string[], now: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('id', 'in', ids)
        .where('revokedAt', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Ends every session of the user; answers those that were alive. */
    async revokeSessionsOfUser(userId: number, now: Date): Promise<string[]> {
      const rows = await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async insertRefreshToken(row: { userId: number; familyId: string; tokenHash: string; expiresAt: Date }) {
      await db
        .insertInto('refreshTokens')
        .values({ ...row, createdAt: new Date() })
        .execute();
    },

    /**
     * Marks a live refresh token used in one statement (of two racing requests one wins); returns its owner and
     * family, or undefined when it is used, expired or its session has ended.
     */
    async consumeRefreshToken(tokenHash: string, now: Date) {
      return db
        .updateTable('refreshTokens')
        .set({ usedAt: now })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('sessions')
              .select('sessions.id')
              .whereRef('sessions.id', '=', 'refreshTokens.familyId')
              .where('sessions.revokedAt', 'is', null),
          ),
        )
        .returning(['userId', 'familyId'])
        .executeTakeFirst();
    },

    /** A refresh token as stored, with whether its session lives; undefined when unknown. */
    async findRefreshToken(tokenHash: string) {
      const row = await db
        .selectFrom('refreshTokens')
        .leftJoin('sessions', 'sessions.id', 'refreshTokens.familyId')
        .select([
          'refreshTokens.userId',
          'refreshTokens.familyId',
          'refreshTokens.usedAt',
          'refreshTokens.expiresAt',
          'sessions.id as sessionId',
          'sessions.revokedAt as sessionRevokedAt',
        ])
        .where('refreshTokens.tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        userId: row.userId,
        familyId: row.familyId,
        usedAt: row.usedAt,
        expiresAt: row.expiresAt,
        sessionAlive: row.sessionId !== null && row.sessionRevokedAt === null,
      };
    },

    /**
     * Deletes expired refresh tokens, and sessions left without any. A session is older than each of its
     * tokens, so one whose tokens have all expired is older than a token's lifetime; a session created at this
     * moment, whose first token is not written yet, is never taken.
     */
    async deleteExpired(now: Date, refreshTokenTtlMs: number): Promise<void> {
      await db.deleteFrom('refreshTokens').where('expiresAt', '<', now).execute();
      await db
        .deleteFrom('sessions')
        .where('createdAt', '<', new Date(now.getTime() - refreshTokenTtlMs))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('refreshTokens')
                .select('refreshTokens.id')
                .whereRef('refreshTokens.familyId', '=', 'sessions.id'),
            ),
          ),
        )
        .execute();
    },
  };
}
