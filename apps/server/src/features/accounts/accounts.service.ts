import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, expandRoles, type TRole } from '@portal/contract';
import type { Kysely } from 'kysely';
import { createPasswordQueue, type PasswordQueue } from '../../platform/auth/password-queue.ts';
import { buildPrincipal, type Principal } from '../../platform/auth/principal.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/auth/secrets.ts';
import { isReservedUsername, spelledAlike } from '../../platform/auth/username-key.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { createSettingsRepository } from '../../platform/db/settings.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { createAccountsRepository } from './accounts.repository.ts';

export interface UpsertUserInput {
  username: string;
  email?: string | null | undefined;
  company?: string | null | undefined;
  /** empty: cleared */
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  roles?: readonly TRole[] | undefined;
  groups?: readonly string[] | undefined;
  password?: string | undefined;
}

/** A member's role and groups (names, sorted), as the host website's data may change them. */
type MemberStanding = {
  role: string;
  groups: string[];
};

/** What `upsertUser` did to the member: `before` null when it created them. */
export interface MemberSaved {
  id: number;
  created: boolean;
  before: MemberStanding | null;
  after: MemberStanding;
}

/** A new member without roles gets the least one. */
const DEFAULT_ROLE: TRole = 'ROLE_PARTNER';

function highestRole(roles: readonly TRole[]): TRole | undefined {
  return expandRoles(roles)[0];
}

/** Group names as a member's data gives them: trimmed, without empty ones and repeats. */
function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
}

/** Settings key of a value that every change to users or groups renews. */
const VERSION_KEY = 'accountsVersion';

export interface AccountsOptions {
  /** How long a loaded user may serve guards at most (30 s). */
  principalTtlMs?: number;
  /** How often the accounts' version is compared with the database (2 s). */
  versionCheckMs?: number;
  /** Bounds the password hashes and checks running at once (default: DEFAULT_PASSWORD_QUEUE). */
  passwordQueue?: PasswordQueue;
}

export function createAccountsService(db: Kysely<DB>, options: AccountsOptions = {}) {
  const repo = createAccountsRepository(db);
  const settings = createSettingsRepository(db);
  const ttl = options.principalTtlMs ?? 30_000;
  const versionCheckMs = options.versionCheckMs ?? 2_000;
  const passwords = options.passwordQueue ?? createPasswordQueue();
  // Guards read the user (roles, groups, disabled) from here. A change through this instance drops its entry at
  // once; a change through another instance (or the CLI) renews the accounts' version, which this instance
  // compares at most every `versionCheckMs` and then drops the whole cache. `ttl` bounds the age regardless.
  const cache = new Map<number, { principal: Principal; loadedAt: number }>();
  let knownVersion: string | undefined;
  let versionCheckedAt = 0;

  async function dropCacheIfChangedElsewhere(): Promise<void> {
    versionCheckedAt = Date.now();
    const version = (await settings.get(VERSION_KEY)) ?? '';
    if (knownVersion !== undefined && version !== knownVersion) cache.clear();
    knownVersion = version;
  }

  /** Tells every instance that users or groups changed. */
  async function renewVersion(): Promise<void> {
    await settings.set(VERSION_KEY, randomUUID());
  }

  async function loadPrincipal(userId: number): Promise<Principal | undefined> {
    const user = await repo.findUserById(userId);
    if (!user) return undefined;
    return buildPrincipal(user, await repo.groupsOfUser(userId));
  }

  async function readPrincipal(userId: number): Promise<Principal | undefined> {
    if (Date.now() - versionCheckedAt >= versionCheckMs) await dropCacheIfChangedElsewhere();
    const hit = cache.get(userId);
    if (hit && Date.now() - hit.loadedAt < ttl) return hit.principal;
    const principal = await loadPrincipal(userId);
    if (principal) cache.set(userId, { principal, loadedAt: Date.now() });
    else cache.delete(userId);
    return principal;
  }

  async function groupIdsFor(executor: Executor, names: readonly string[]): Promise<number[]> {
    const unique = uniqueNames(names);
    const existing = await repo.findGroupsByName(executor, unique);
    const ids = existing.map((group) => group.id);
    for (const name of unique.filter((n) => !existing.some((group) => group.name === n))) {
      ids.push(await repo.insertGroup(executor, { name, internal: false, isDefault: false }));
    }
    return ids;
  }

  async function requireUser(username: string) {
    const user = await repo.findUserByUsername(username);
    if (!user) throw new Error(`Unknown user "${username}"`);
    return user;
  }

  const service = {
    /**
     * The member as guards see them. Answers without a promise when the cache can (every request asks); a
     * promise when the database must be read.
     */
    principal(userId: number): Principal | undefined | Promise<Principal | undefined> {
      const now = Date.now();
      const hit = cache.get(userId);
      if (now - versionCheckedAt < versionCheckMs && hit && now - hit.loadedAt < ttl) return hit.principal;
      return readPrincipal(userId);
    },

    invalidate(userId: number): void {
      cache.delete(userId);
    },

    /**
     * After a change to a member's row, groups or sessions made outside this service (administration,
     * erasure): every instance reloads the member before their next request.
     */
    async changed(userId: number): Promise<void> {
      await renewVersion();
      service.invalidate(userId);
    },

    /**
     * After a change to groups themselves (renamed, flagged, deleted): every instance reloads every member
     * before their next request, this one at once.
     */
    async groupsChanged(): Promise<void> {
      await renewVersion();
      cache.clear();
    },

    /** A password's hash, computed in the password queue (rejects with PasswordQueueFullError when full). */
    hashPassword: (password: string): Promise<string> => passwords.run(() => hashPassword(password)),

    /**
     * Creates the user or updates the fields given; returns the user's id. `onSaved` runs inside the
     * transaction with the member's role and groups before and after (the audit log of host logins). A name
     * that only looks like a member's ('ＥＲＩＫＡ' for 'Erika') is refused (409), as is the erased members'
     * name (400): one spelling, one account (issue 30).
     */
    async upsertUser(
      input: UpsertUserInput,
      onSaved?: (executor: Executor, saved: MemberSaved) => Promise<void>,
    ): Promise<{ id: number; created: boolean }> {
      if (isReservedUsername(input.username)) {
        throw badRequest(AUTH_MESSAGES.usernameReserved, { username: AUTH_MESSAGES.usernameReserved });
      }
      const { password } = input;
      const passwordHash =
        password === undefined ? undefined : await passwords.run(() => hashPassword(password));
      const role = input.roles && input.roles.length > 0 ? highestRole(input.roles) : undefined;
      const result = await db.transaction().execute(async (trx) => {
        const existing = await repo.findUserByUsername(input.username, trx);
        if (existing && !spelledAlike(existing.username, input.username)) {
          throw conflict(AUTH_MESSAGES.usernameLookAlike);
        }
        const groupsBefore =
          onSaved && existing ? (await repo.groupsOfUser(existing.id, trx)).map((group) => group.name) : [];
        let id: number;
        // false when an admin erased the member after the read above: the name is free, a fresh member follows
        const updated =
          existing !== undefined &&
          (await repo.updateUser(trx, existing.id, {
            ...(input.email !== undefined ? { email: input.email } : {}),
            ...(input.company !== undefined ? { company: input.company } : {}),
            ...(input.firstName !== undefined ? { firstName: input.firstName || null } : {}),
            ...(input.lastName !== undefined ? { lastName: input.lastName || null } : {}),
            ...(role ? { role } : {}),
            ...(passwordHash ? { passwordHash } : {}),
          }));
        if (existing && updated) {
          id = existing.id;
        } else {
          id = await repo.insertUser(trx, {
            username: input.username.trim(),
            email: input.email ?? null,
            company: input.company ?? null,
            firstName: input.firstName || null,
            lastName: input.lastName || null,
            role: role ?? DEFAULT_ROLE,
            passwordHash: passwordHash ?? null,
          });
        }
        if (input.groups) await repo.replaceMemberships(trx, id, await groupIdsFor(trx, input.groups));
        if (onSaved) {
          const before = existing && updated ? { role: existing.role, groups: groupsBefore.sort() } : null;
          const after = {
            role: role ?? before?.role ?? DEFAULT_ROLE,
            groups: input.groups ? uniqueNames(input.groups).sort() : (before?.groups ?? []),
          };
          await onSaved(trx, { id, created: !updated, before, after });
        }
        return { id, created: !updated };
      });
      await renewVersion();
      service.invalidate(result.id);
      return result;
    },

    /**
     * The user whose password matches, else undefined; takes as long for an unknown user and waits in the same
     * queue. Rejects with PasswordQueueFullError when too many checks are under way.
     */
    async verifyCredentials(username: string, password: string) {
      const user = await repo.findUserByUsername(username);
      const stored = user?.passwordHash;
      if (!user || !stored) return passwords.run(() => verifyDecoy(password)).then(() => undefined);
      return (await passwords.run(() => verifyPassword(password, stored))) ? user : undefined;
    },

    findUserByUsername: (username: string) => repo.findUserByUsername(username),

    /** GET /api/auth/login: the member logged in at `at` (the members list shows it). */
    loggedIn: (userId: number, at: Date) => repo.setLastLogin(userId, at),

    async setPassword(username: string, password: string): Promise<void> {
      const user = await requireUser(username);
      await repo.updateUser(db, user.id, { passwordHash: await passwords.run(() => hashPassword(password)) });
    },

    async setDisabled(username: string, disabled: boolean): Promise<void> {
      const user = await requireUser(username);
      await repo.updateUser(db, user.id, { disabled });
      await renewVersion();
      service.invalidate(user.id);
    },

    async ensureGroup(
      name: string,
      flags: { internal?: boolean; isDefault?: boolean } = {},
    ): Promise<number> {
      const id = await db.transaction().execute(async (trx) => {
        const [existing] = await repo.findGroupsByName(trx, [name]);
        if (!existing) {
          return repo.insertGroup(trx, {
            name,
            internal: flags.internal ?? false,
            isDefault: flags.isDefault ?? false,
          });
        }
        await repo.updateGroup(trx, existing.id, flags);
        return existing.id;
      });
      await renewVersion();
      return id;
    },

    listUsers: () => repo.listUsers(),
    hasUsers: () => repo.hasUsers(),
    listGroups: () => repo.listGroups(),
    reachableMembersOf: (groupIds: readonly number[]) => repo.reachableMembersOf(groupIds),
    groupsOfUser: (userId: number) => repo.groupsOfUser(userId),
  };
  return service;
}

export type AccountsService = ReturnType<typeof createAccountsService>;
