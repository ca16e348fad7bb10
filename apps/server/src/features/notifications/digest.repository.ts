/**
 * The digest's own queries: who is due (users with their notification_settings row) and the watermark. What
 * each member finds new comes from the features that own it (their digest sections, src/modules.ts).
 */
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DigestReader } from '../../platform/registry/digest-section.ts';

export interface DueMember {
  id: number;
  username: string;
  email: string;
  /** null: no settings row yet (the defaults: daily, version 0) */
  digest: string | null;
  digestUntil: Date | null;
  /** what the sections read of the member's row (the forums: from when their forum counts as read) */
  account: DigestReader['account'];
}

export function createDigestRepository(db: Kysely<DB>) {
  return {
    /**
     * Members whose digest is due, by id after `afterId`: not 'never', not disabled, with an address, and no
     * digest since the latest slot of their period. It reads users (the accounts feature's table) beside
     * notification_settings in one query, since the settings decide who is due and the run pages by user id;
     * the accounts feature has no function that lists members.
     */
    async dueMembers(
      slots: { daily: Date; weekly: Date },
      afterId: number,
      limit: number,
    ): Promise<DueMember[]> {
      const rows = await db
        .selectFrom('users')
        .leftJoin('notificationSettings as ns', 'ns.userId', 'users.id')
        .select([
          'users.id',
          'users.username',
          'users.email',
          'users.createdAt',
          'users.forumReadFrom',
          'ns.digest',
          'ns.digestUntil',
        ])
        .where('users.id', '>', afterId)
        .where('users.disabled', '=', false)
        .where('users.email', 'is not', null)
        .where('users.email', '!=', '')
        .where((eb) => {
          const before = (slot: Date) =>
            eb.or([eb('ns.digestUntil', 'is', null), eb('ns.digestUntil', '<', slot)]);
          return eb.or([
            eb.and([
              eb.or([eb('ns.digest', 'is', null), eb('ns.digest', '=', 'daily')]),
              before(slots.daily),
            ]),
            eb.and([eb('ns.digest', '=', 'weekly'), before(slots.weekly)]),
          ]);
        })
        .orderBy('users.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email ?? '',
        digest: row.digest,
        digestUntil: row.digestUntil,
        account: { createdAt: row.createdAt, forumReadFrom: row.forumReadFrom },
      }));
    },

    /**
     * Moves the member's watermark from `previous` to `end`, creating the settings row when there is none.
     * The update is conditional on the old value, so of two runs at once only one gets the version back; the
     * other gets undefined and sends nothing. Also undefined when the member has just chosen 'never'.
     */
    async advance(
      trx: Executor,
      userId: number,
      previous: Date | null,
      end: Date,
    ): Promise<{ version: number } | undefined> {
      // A write first: on SQLite the transaction holds the write lock from here on, never upgrading later.
      await trx
        .insertInto('notificationSettings')
        .values({ userId, updatedAt: new Date() })
        .onConflict((conflict) => conflict.column('userId').doNothing())
        .execute();
      return trx
        .updateTable('notificationSettings')
        .set({ digestUntil: end })
        .where('userId', '=', userId)
        .where('digest', '!=', 'never')
        .where((eb) => (previous === null ? eb('digestUntil', 'is', null) : eb('digestUntil', '=', previous)))
        .returning('version')
        .executeTakeFirst();
    },
  };
}
