import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountsService, createAccountsService } from '../../src/features/accounts/index.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { auditRows } from '../audit/audit-helpers.ts';
import { type CliDatabase, openCliDatabase } from '../helpers/cli-database.ts';
import { runCli } from '../helpers/server-process.ts';

/** `node src/cli/user.ts …` as `npm run user -- …` runs it. */
const userCli = (args: string[]) => runCli('src/cli/user.ts', args, env);

// A database of its own that the CLI reaches through DATABASE_URL (a test's schema cannot be named there).
let database: Database;
let accounts: AccountsService;
let cli: CliDatabase;
let env: Record<string, string>;
let erikaId: number;
const t = () => ({ t: { database } });

beforeAll(async () => {
  cli = await openCliDatabase('user-cli');
  ({ database, env } = cli);
  accounts = createAccountsService(database.db);
  erikaId = (await accounts.upsertUser({ username: 'erika', roles: ['ROLE_USER'], groups: ['Mitglieder'] }))
    .id;
  // an active admin besides erika: the last one cannot be disabled (issue 30)
  await accounts.upsertUser({ username: 'chefin', roles: ['ROLE_ADMIN'] });
});

afterAll(() => cli.close());

describe('npm run user records its changes in the audit log', () => {
  it('should record role, groups, disable and enable without an actor', async () => {
    for (const args of [
      ['role', 'erika', 'ROLE_ADMIN'],
      ['groups', 'erika', 'Mitglieder,Vorstand'],
      ['disable', 'erika'],
      ['enable', 'erika'],
    ]) {
      const result = await userCli(args);
      expect(result.code, result.stderr).toBe(0);
    }
    const entries = await auditRows(t());
    expect(
      entries.map(({ actorId, kind, subjectType, subjectId, changes }) => ({
        actorId,
        kind,
        subjectType,
        subjectId,
        changes,
      })),
    ).toEqual([
      {
        actorId: null,
        kind: 'member.role',
        subjectType: 'member',
        subjectId: erikaId,
        changes: { role: { before: 'ROLE_USER', after: 'ROLE_ADMIN' } },
      },
      {
        actorId: null,
        kind: 'member.groups',
        subjectType: 'member',
        subjectId: erikaId,
        changes: { groups: { before: ['Mitglieder'], after: ['Mitglieder', 'Vorstand'] } },
      },
      {
        actorId: null,
        kind: 'member.disabled',
        subjectType: 'member',
        subjectId: erikaId,
        changes: { disabled: { before: false, after: true } },
      },
      {
        actorId: null,
        kind: 'member.disabled',
        subjectType: 'member',
        subjectId: erikaId,
        changes: { disabled: { before: true, after: false } },
      },
    ]);
    const user = await accounts.findUserByUsername('erika');
    expect(user).toMatchObject({ role: 'ROLE_ADMIN' });
    expect(Boolean(user?.disabled)).toBe(false);
    expect((await accounts.groupsOfUser(erikaId)).map((group) => group.name)).toEqual([
      'Mitglieder',
      'Vorstand',
    ]);
  });

  it('should record nothing when nothing changes, and refuse an unknown member', async () => {
    const before = (await auditRows(t())).length;
    expect((await userCli(['role', 'erika', 'ROLE_ADMIN'])).code).toBe(0);
    const unknown = await userCli(['groups', 'niemand', 'Neu']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Benutzer „niemand“ gibt es nicht.');
    expect((await accounts.listGroups()).some((group) => group.name === 'Neu')).toBe(false);
    expect(await auditRows(t())).toHaveLength(before);
  });

  it('should refuse to take the last active admin away, with the German reason (issue 30)', async () => {
    expect((await userCli(['disable', 'chefin'])).code).toBe(0);
    const before = (await auditRows(t())).length;
    const refused = await userCli(['role', 'erika', 'ROLE_USER']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(ADMIN_MESSAGES.lastAdmin);
    expect(await accounts.findUserByUsername('erika')).toMatchObject({ role: 'ROLE_ADMIN' });
    expect(await auditRows(t())).toHaveLength(before);
    expect((await userCli(['enable', 'chefin'])).code).toBe(0);
  });

  it("should refuse a name that looks like a member's or is reserved (issue 30)", async () => {
    const lookAlike = await userCli(['create', 'ＥＲＩＫＡ']);
    expect(lookAlike.code).toBe(2);
    expect(lookAlike.stderr).toContain('gibt es schon');
    const reserved = await userCli(['create', 'Ehemaliges Mitglied']);
    expect(reserved.code).toBe(2);
    expect(reserved.stderr.trim()).toBe(AUTH_MESSAGES.usernameReserved);
    expect((await accounts.listUsers()).map((user) => user.username).sort()).toEqual(['chefin', 'erika']);
  });
});
