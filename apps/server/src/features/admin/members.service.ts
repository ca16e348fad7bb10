/**
 * The members screen (issue 18): list and search, one member, create, and the changes of e-mail and company
 * (issue 31), role, groups and the disabled flag, each recorded in the audit log inside the transaction of the
 * change.
 */
import {
  ADMIN_MEMBERS_PAGE_SIZE,
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  type TAdminMember,
  type TAdminMembersPage,
  type TAuditField,
  type ZAdminMemberCreate,
  type ZAdminMembersQuery,
  type ZAdminMemberUpdate,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  type AuditChanges,
  changedFields,
  recordAudit,
  withTextsHidden,
} from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { isReservedUsername } from '../../platform/auth/username-key.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { type AccountsService, createAccountsRepository } from '../accounts/index.ts';
import { createGroupsRepository } from './groups.repository.ts';
import { createMembersRepository, type MemberFilter } from './members.repository.ts';
import { companyGroups, presentMembers } from './members-presenter.ts';

export type MembersQuery = z.output<typeof ZAdminMembersQuery>;
export type MemberCreate = z.output<typeof ZAdminMemberCreate>;
export type MemberUpdate = z.output<typeof ZAdminMemberUpdate>;

export interface MembersDeps {
  db: Kysely<DB>;
  accounts: Pick<AccountsService, 'changed' | 'hashPassword'>;
  /** whether the password form is offered anywhere (LOGIN_FORM_ORIGINS not empty) */
  passwordAllowed: boolean;
}

type Group = { id: number; name: string };

export const filterOf = (query: Omit<MembersQuery, 'page' | 'sort'>): MemberFilter => ({
  q: query.q,
  role: query.role,
  group: query.group,
  disabled: query.disabled,
  company: query.company,
});

const sameIds = (a: readonly Group[], b: readonly Group[]) =>
  a.length === b.length && a.every((group, index) => group.id === b[index]?.id);
const names = (groups: readonly Group[]) => groups.map((group) => group.name);
/** An e-mail address or company as stored: empty is none. */
const stored = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
const emailTaken = () => badRequest(ADMIN_MESSAGES.emailTaken, { email: ADMIN_MESSAGES.emailTaken });
/**
 * E-mail, company and name are personal data: the log says that they changed, never what they are (decision
 * 0085).
 */
const CONTACT_FIELDS = ['email', 'company', 'firstName', 'lastName'] as const;

export function createMembersService(deps: MembersDeps) {
  const { db, accounts } = deps;
  const members = createMembersRepository(db);
  const memberships = createAccountsRepository(db);
  const groups = createGroupsRepository(db);

  /** The groups of `ids` by name; 400 when one does not exist (any more). */
  async function knownGroups(executor: Executor, ids: readonly number[]): Promise<Group[]> {
    const unique = [...new Set(ids)];
    const found = await groups.byIds(executor, unique);
    if (found.length !== unique.length) {
      throw badRequest(ADMIN_MESSAGES.groupUnknown, { groups: ADMIN_MESSAGES.groupUnknown });
    }
    return found;
  }

  async function byId(id: number, executor: Executor = db): Promise<TAdminMember> {
    const row = await members.byId(id, executor);
    if (!row) throw notFound(ADMIN_MESSAGES.memberNotFound);
    const [member] = await presentMembers(executor, [row], members.groupsOf);
    if (!member) throw notFound(ADMIN_MESSAGES.memberNotFound);
    return member;
  }

  function refuseSelfLockout(actor: Principal | null, id: number, input: MemberUpdate): void {
    if (actor?.id !== id) return;
    if (input.disabled === true) {
      throw badRequest(ADMIN_MESSAGES.selfLockout, { disabled: ADMIN_MESSAGES.selfLockout });
    }
    if (input.role !== undefined && input.role !== 'ROLE_ADMIN') {
      throw badRequest(ADMIN_MESSAGES.selfLockout, { role: ADMIN_MESSAGES.selfLockout });
    }
  }

  /** E-mail and company as given (undefined: kept), with `member.contact` when either changed. */
  async function updateContact(
    trx: Executor,
    actor: Principal | null,
    before: TAdminMember,
    input: MemberUpdate,
  ): Promise<void> {
    const after = {
      email: stored(input.email) === undefined ? before.email : (stored(input.email) ?? null),
      company: stored(input.company) === undefined ? before.company : (stored(input.company) ?? null),
      firstName:
        stored(input.firstName) === undefined
          ? (before.firstName ?? null)
          : (stored(input.firstName) ?? null),
      lastName:
        stored(input.lastName) === undefined ? (before.lastName ?? null) : (stored(input.lastName) ?? null),
    };
    const was = { ...before, firstName: before.firstName ?? null, lastName: before.lastName ?? null };
    const changes = changedFields(was, after, CONTACT_FIELDS);
    if (!changes) return;
    if (after.email !== null && after.email !== before.email) {
      if (await members.emailTaken(trx, after.email, before.id)) throw emailTaken();
    }
    await memberships.updateUser(trx, before.id, after);
    await recordAudit(trx, {
      actorId: actor?.id ?? null,
      kind: 'member.contact',
      subjectType: 'member',
      subjectId: before.id,
      changes: withTextsHidden(changes, CONTACT_FIELDS),
    });
  }

  return {
    byId: (id: number) => byId(id),

    /**
     * One page sorted by username or by company: one count, one page, one query each for the groups and the
     * companies of its members, and sorted by company one for the counts of its companies.
     */
    async list(query: MembersQuery): Promise<TAdminMembersPage> {
      const filter = filterOf(query);
      const offset = (query.page - 1) * ADMIN_MEMBERS_PAGE_SIZE;
      // no page query past the end: a search without a hit reads the members once, not twice
      const total = await members.count(filter);
      const rows =
        offset < total ? await members.page(filter, query.sort, offset, ADMIN_MEMBERS_PAGE_SIZE) : [];
      const byCompany = query.sort === 'company';
      const [items, counts] = await Promise.all([
        presentMembers(db, rows, members.groupsOf),
        byCompany
          ? members.countsByCompany(
              filter,
              rows.map((row) => row.companyOrder),
            )
          : new Map<string, number>(),
      ]);
      return {
        items,
        total,
        page: query.page,
        pageSize: ADMIN_MEMBERS_PAGE_SIZE,
        companies: byCompany ? companyGroups(items, rows, counts) : [],
      };
    },

    /** A new member; the audit entry names role and groups, never name, e-mail or company. */
    async create(actor: Principal, input: MemberCreate): Promise<TAdminMember> {
      const { password } = input;
      if (password !== undefined && !deps.passwordAllowed) {
        throw badRequest(ADMIN_MESSAGES.passwordNotAllowed, { password: ADMIN_MESSAGES.passwordNotAllowed });
      }
      if (isReservedUsername(input.username)) {
        throw badRequest(AUTH_MESSAGES.usernameReserved, { username: AUTH_MESSAGES.usernameReserved });
      }
      const usernameTaken = () =>
        badRequest(ADMIN_MESSAGES.usernameTaken, { username: ADMIN_MESSAGES.usernameTaken });
      const email = stored(input.email) ?? null;
      // Checked before the password is hashed, which takes a while; checked again in the transaction.
      if (await members.usernameTaken(db, input.username)) throw usernameTaken();
      if (email !== null && (await members.emailTaken(db, email))) throw emailTaken();
      await knownGroups(db, input.groups);
      const passwordHash = password === undefined ? null : await accounts.hashPassword(password);
      const write = db.transaction().execute(async (trx) => {
        if (await members.usernameTaken(trx, input.username)) throw usernameTaken();
        if (email !== null && (await members.emailTaken(trx, email))) throw emailTaken();
        const memberGroups = await knownGroups(trx, input.groups);
        const created = await memberships.insertUser(trx, {
          username: input.username,
          email,
          company: stored(input.company) ?? null,
          role: input.role,
          passwordHash,
        });
        await memberships.replaceMemberships(
          trx,
          created,
          memberGroups.map((group) => group.id),
        );
        const changes: AuditChanges = {
          role: { before: null, after: input.role },
        };
        if (memberGroups.length > 0) changes.groups = { before: null, after: names(memberGroups) };
        await recordAudit(trx, {
          actorId: actor.id,
          kind: 'member.create',
          subjectType: 'member',
          subjectId: created,
          changes,
        });
        return created;
      });
      // the same name saved by another request between the check and the insert
      const id = await write.catch((error: unknown) => {
        throw isUniqueViolation(error) ? usernameTaken() : error;
      });
      await accounts.changed(id);
      return byId(id);
    },

    /**
     * E-mail, company, role, groups and disabled as given; the last write wins. An address another member has
     * (in any case) is refused. The member's row is locked first, so that two
     * admins' changes follow one another and each audit entry's `before` is what the other left. `actor`
     * null: the shell (`npm run user`).
     */
    async update(actor: Principal | null, id: number, input: MemberUpdate): Promise<TAdminMember> {
      refuseSelfLockout(actor, id, input);
      const mayRemoveAdmin =
        (input.role !== undefined && input.role !== 'ROLE_ADMIN') || input.disabled === true;
      await db.transaction().execute(async (trx) => {
        // before the member's own lock: every such change takes the locks in the same order
        const admins = mayRemoveAdmin ? await members.lockActiveAdmins(trx) : [];
        if (!(await members.lock(trx, id))) throw notFound(ADMIN_MESSAGES.memberNotFound);
        const before = await byId(id, trx);
        const audit = (
          kind: 'member.role' | 'member.groups' | 'member.disabled',
          field: TAuditField,
          was: unknown,
          now: unknown,
        ) =>
          recordAudit(trx, {
            actorId: actor?.id ?? null,
            kind,
            subjectType: 'member',
            subjectId: id,
            changes: { [field]: { before: was, after: now } },
          });
        const role = input.role !== undefined && input.role !== before.role ? input.role : undefined;
        const disabled =
          input.disabled !== undefined && input.disabled !== before.disabled ? input.disabled : undefined;
        const removesAdmin = admins.includes(id) && (role !== undefined || disabled === true);
        if (removesAdmin && admins.length === 1) throw conflict(ADMIN_MESSAGES.lastAdmin);
        if (role !== undefined || disabled !== undefined) await members.update(trx, id, { role, disabled });
        if (role !== undefined) await audit('member.role', 'role', before.role, role);
        if (input.groups !== undefined) {
          const after = await knownGroups(trx, input.groups);
          if (!sameIds(before.groups, after)) {
            await memberships.replaceMemberships(
              trx,
              id,
              after.map((group) => group.id),
            );
            await audit('member.groups', 'groups', names(before.groups), names(after));
          }
        }
        if (disabled !== undefined) await audit('member.disabled', 'disabled', before.disabled, disabled);
        await updateContact(trx, actor, before, input);
      });
      await accounts.changed(id);
      return byId(id);
    },
  };
}
