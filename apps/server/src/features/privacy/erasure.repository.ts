/**
 * The writes of erasing a member (GDPR Art. 17, issue 18, decision 0086), each on the caller's transaction.
 * Privacy spans every feature's tables that keep something about a member, so that one place lists them all
 * (a new table with personal data belongs here too): this file writes them directly.
 */
import { ERASED_MEMBER_NAME } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { usernameKey } from '../accounts/index.ts';

/** How many rows of each kind the erasure deleted (what the audit entry shows: counts, never contents). */
export type ErasedCounts = {
  groups: number;
  eventAnswers: number;
  sessions: number;
  readMarkers: number;
  mails: number;
};

/**
 * The username key of an erased member: `usernameKey()` lower-cases, so it never gives this upper-case key,
 * and the old name is free for a fresh member.
 */
const erasedUsernameKey = (id: number): string => `ERASED#${id}`;

const deleted = (result: { numDeletedRows: bigint }): number => Number(result.numDeletedRows);

export function createErasureRepository() {
  return {
    /**
     * Locks the member's row for the rest of the transaction (PostgreSQL; SQLite has one writer anyway) and
     * reads what names them elsewhere; undefined when there is no such member or they are erased already, so
     * that of two erasures at once the second finds nothing.
     */
    async lockMember(
      trx: Executor,
      id: number,
    ): Promise<{ username: string; email: string | null } | undefined> {
      const locked = await trx
        .updateTable('users')
        .set((eb) => ({ role: eb.ref('role') }))
        .where('id', '=', id)
        .where('erasedAt', 'is', null)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) === 0) return undefined;
      return trx
        .selectFrom('users')
        .select(['username', 'email'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    /**
     * Deletes every row that holds the member's data beside their users row: groups, event answers, sessions
     * and tokens, calendar feed tokens, notification settings, forum read markers and follows, the mails to
     * their address (unless another member has the same address: then they are that member's too) and the
     * password attempts counted for their name.
     */
    async deletePersonalRows(
      trx: Executor,
      id: number,
      member: { username: string; email: string | null },
    ): Promise<ErasedCounts> {
      const groups = deleted(
        await trx.deleteFrom('userGroupMembers').where('userId', '=', id).executeTakeFirst(),
      );
      const eventAnswers = deleted(
        await trx.deleteFrom('eventSubscriptions').where('userId', '=', id).executeTakeFirst(),
      );
      await trx.deleteFrom('refreshTokens').where('userId', '=', id).execute();
      const sessions = deleted(await trx.deleteFrom('sessions').where('userId', '=', id).executeTakeFirst());
      await trx.deleteFrom('loginTokens').where('userId', '=', id).execute();
      await trx.deleteFrom('calendarTokens').where('userId', '=', id).execute();
      await trx.deleteFrom('notificationSettings').where('userId', '=', id).execute();
      const readMarkers = deleted(
        await trx.deleteFrom('forumThreadReaders').where('userId', '=', id).executeTakeFirst(),
      );
      // the password form's attempts per name (auth.routes: `login-user:<usernameKey>`)
      await trx
        .deleteFrom('rateLimits')
        .where('key', '=', `login-user:${usernameKey(member.username)}`)
        .execute();
      const { email } = member;
      const mails =
        email === null || email.trim() === ''
          ? 0
          : deleted(
              await trx
                .deleteFrom('mailOutbox')
                .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase()))
                .where((eb) =>
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('users')
                        .select('users.id')
                        .where('users.id', '!=', id)
                        .where((inner) =>
                          inner(inner.fn('lower', ['users.email']), '=', email.toLowerCase()),
                        ),
                    ),
                  ),
                )
                .executeTakeFirst(),
            );
      return { groups, eventAnswers, sessions, readMarkers, mails };
    },

    /**
     * What stays of the member: the row their forum posts, blog posts and uploads point to, named 'Ehemaliges
     * Mitglied', without address, company, password, search key or login times, disabled.
     */
    async anonymise(trx: Executor, id: number, at: Date): Promise<void> {
      await trx
        .updateTable('users')
        .set({
          username: ERASED_MEMBER_NAME,
          usernameKey: erasedUsernameKey(id),
          email: null,
          company: null,
          passwordHash: null,
          searchKey: '',
          disabled: true,
          erasedAt: at,
          forumReadFrom: null,
          lastLoginAt: null,
          updatedAt: at,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
