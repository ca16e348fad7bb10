/**
 * What the audit log (issue 18) keeps of logins: each login through the host website's server with what its
 * data changed on the member (role, groups, whether the member is new), and each failed password on the form.
 * Members are named by their row only, never by username, e-mail or company (GDPR: erasing a member removes
 * their name from the log); only an unknown username typed into the form is kept, as the attempt's label.
 */
import { changedFields, recordAudit } from '../../platform/audit/audit-log.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { AccountsService, MemberSaved } from '../accounts/index.ts';

type Accounts = Pick<AccountsService, 'findUserByUsername'>;

/** The longest typed username kept for a failed attempt. */
const TYPED_USERNAME_MAX = 100;

export function createAuthAudit(db: Executor, accounts: Accounts) {
  return {
    /**
     * A login through the host website's server, recorded in the transaction of the create-or-update of the
     * member (`accounts.upsertUser`'s `onSaved`), with what the host's data changed.
     */
    async hostLogin(executor: Executor, saved: MemberSaved): Promise<void> {
      const changes = {
        ...(saved.created ? { created: { before: false, after: true } } : {}),
        ...changedFields(saved.before, saved.after, ['role', 'groups']),
      };
      await recordAudit(executor, {
        actorId: null,
        kind: 'login.host',
        subjectType: 'member',
        subjectId: saved.id,
        changes,
      });
    },

    /** A wrong password or an unknown username on the login form. */
    async passwordFailed(username: string): Promise<void> {
      const user = await accounts.findUserByUsername(username);
      await recordAudit(db, {
        actorId: null,
        kind: 'login.passwordFailed',
        subjectType: 'member',
        subjectId: user?.id ?? null,
        subjectLabel: user ? null : username.slice(0, TYPED_USERNAME_MAX),
      });
    },
  };
}
