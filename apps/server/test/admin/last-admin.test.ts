import { ADMIN_API, ADMIN_MESSAGES } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMembersService } from '../../src/features/admin/members.service.ts';
import { HttpError } from '../../src/platform/http/errors.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, MEMBER_USERS, type World } from '../helpers/world.ts';
import { call } from './admin-helpers.ts';

// Issue 30, point 12: the portal always keeps an active admin. An admin cannot demote or disable themself
// (decision 0086's self-lockout), but two admins demoting each other at once, or the shell
// (`npm run user -- role admin ROLE_USER`), could leave none.

const USERS = [...MEMBER_USERS, { username: 'zweitadmin', role: 'ROLE_ADMIN', groups: [] }] as const;
let w: World<(typeof USERS)[number]['username']>;
let adminId: number;
let secondAdminId: number;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
  adminId = await userId(w, 'admin');
  secondAdminId = await userId(w, 'zweitadmin');
});
afterAll(() => w.close());

const shell = () =>
  createMembersService({ db: w.t.database.db, accounts: w.app.accounts, passwordAllowed: false });

async function activeAdmins(): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from users
    where role = 'ROLE_ADMIN' and disabled = ${false} and erased_at is null`.execute(w.t.database.db);
  return Number(rows[0]?.n);
}

/** Both admins active again, whatever a test left. */
async function restore(): Promise<void> {
  for (const id of [adminId, secondAdminId])
    await shell().update(null, id, { role: 'ROLE_ADMIN', disabled: false });
}

async function refusal(change: Promise<unknown>): Promise<unknown> {
  const error = await change.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).statusCode, detail: (error as HttpError).message };
}

describe('the last active admin', () => {
  it('should refuse the shell demoting or disabling the last active admin with 409', async () => {
    await restore();
    await shell().update(null, secondAdminId, { role: 'ROLE_USER' });
    const lastAdmin = { status: 409, detail: ADMIN_MESSAGES.lastAdmin };
    expect(await refusal(shell().update(null, adminId, { role: 'ROLE_USER' }))).toEqual(lastAdmin);
    expect(await refusal(shell().update(null, adminId, { disabled: true }))).toEqual(lastAdmin);
    expect(await activeAdmins()).toBe(1);
    // what leaves the role as it is stays allowed
    await shell().update(null, adminId, { groups: [w.groups.mitglieder] });
  });

  it('should count a disabled admin as none', async () => {
    await restore();
    await shell().update(null, secondAdminId, { disabled: true });
    expect(await refusal(shell().update(null, adminId, { role: 'ROLE_PARTNER' }))).toEqual({
      status: 409,
      detail: ADMIN_MESSAGES.lastAdmin,
    });
    // the disabled admin may be demoted: the active one stays
    await shell().update(null, secondAdminId, { role: 'ROLE_USER' });
    expect(await activeAdmins()).toBe(1);
  });

  it('should let one of two admins demoting each other at the same time through, and refuse the other', async () => {
    for (let round = 0; round < 5; round++) {
      await restore();
      const [first, second] = await Promise.all([
        call(w, 'PATCH', ADMIN_API.member(secondAdminId), w.as.admin, { role: 'ROLE_USER' }),
        call(w, 'PATCH', ADMIN_API.member(adminId), w.as.zweitadmin, { disabled: true }),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      // One that began after the other had committed is refused before it gets that far: the demoted
      // admin as no admin any more (403), the disabled one as signed out (401).
      expect([
        [200, 409],
        [200, 403],
        [200, 401],
      ]).toContainEqual(statuses);
      const refused = first.statusCode === 200 ? second : first;
      if (refused.statusCode === 409) expect(refused.json()).toEqual({ detail: ADMIN_MESSAGES.lastAdmin });
      expect(await activeAdmins()).toBe(1);
    }
  });

  it('should let an admin demote another while a third stays', async () => {
    await restore();
    const third = await createUser(w.app, { username: 'drittadmin', role: 'ROLE_ADMIN' });
    const response = await call(w, 'PATCH', ADMIN_API.member(secondAdminId), w.as.admin, {
      role: 'ROLE_USER',
    });
    expect(response.statusCode).toBe(200);
    await shell().update(null, third.id, { disabled: true });
    expect(await activeAdmins()).toBe(1);
  });
});
