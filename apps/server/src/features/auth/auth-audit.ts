/**
 * What the audit log (issue 18) keeps of logins: each login through the host website's server with what its
 * data changed on the member (role, groups, whether the member is new), and each failed password on the form.
 * Members are named by their row only, never by username, e-mail or company (GDPR: erasing a member removes
 * their name from the log); only an unknown username typed into the form is kept, as the attempt's label.
 */
import { changedFields, recordAudit } from '../../platform/audit/audit-log.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { AccountsService } from '../accounts/index.ts';

type Accounts = Pick<AccountsService, 'findUserByUsername' | 'groupsOfUser'>;

/** The longest typed username kept for a failed attempt. */
const TYPED_USERNAME_MAX = 100;

export function createAuthAudit(db: Executor, accounts: Accounts) {
  /** A member's role and groups (by name, sorted), or undefined when the username is unknown. */
  async function standing(username: string) {
    const user = await accounts.findUserByUsername(username);
    if (!user) return undefined;
    const groups = (await accounts.groupsOfUser(user.id)).map((group) => group.name).sort();
    return { id: user.id, role: user.role, groups };
  }

  return {
    /**
     * Around the host's create-or-update of a member: reads the member's role and groups before, runs
     * `upsert`, and records `login.host` once it has committed, with what changed.
     */
    async hostLogin(
      username: string,
      upsert: () => Promise<{ id: number; created: boolean }>,
    ): Promise<{ id: number; created: boolean }> {
      const before = await standing(username);
      const result = await upsert();
      const after = await standing(username);
      const changes = {
        ...(result.created ? { created: { before: false, after: true } } : {}),
        ...changedFields(
          result.created ? null : before && { role: before.role, groups: before.groups },
          { role: after?.role ?? null, groups: after?.groups ?? [] },
          ['role', 'groups'],
        ),
      };
      await recordAudit(db, {
        actorId: null,
        kind: 'login.host',
        subjectType: 'member',
        subjectId: result.id,
        changes,
      });
      return result;
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
