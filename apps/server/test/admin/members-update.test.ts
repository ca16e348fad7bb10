import {
  ADMIN_API,
  ADMIN_MESSAGES,
  API,
  AUTH_MESSAGES,
  MESSAGES,
  type TAdminMember,
  type TProfile,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../audit/audit-helpers.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, MEMBER_USERS, rowCounts, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, memberOf, REFUSED } from './admin-helpers.ts';

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

const patch = (id: number | string, payload: unknown, headers = w.as.admin) =>
  call(w, 'PATCH', ADMIN_API.member(id), headers, payload);
const counts = () => rowCounts(w.t, ['users', 'userGroupMembers', 'auditLog']);

async function newMember(username: string): Promise<number> {
  return (await createUser(w.app, { username, role: 'ROLE_USER', groups: ['Mitglieder'] })).id;
}

describe('PATCH /api/admin/members/{id}', () => {
  it('should change the role and record it with before and after', async () => {
    const id = await newMember('befoerdert');
    const response = await patch(id, { role: 'ROLE_ADMIN' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TAdminMember>()).toMatchObject({ id, role: 'ROLE_ADMIN' });
    const entries = (await auditRows(w)).filter((entry) => entry.subjectId === id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: adminId,
        kind: 'member.role',
        subjectType: 'member',
        changes: { role: { before: 'ROLE_USER', after: 'ROLE_ADMIN' } },
      }),
    ]);
  });

  it("should replace the groups, record their names, and show the member's new groups at once", async () => {
    const id = await newMember('umgruppiert');
    const member = await w.login('umgruppiert');
    const profile = () => w.json<TProfile>(API.profile, member);
    expect((await profile()).groups.map((group) => group.name)).toEqual(['Mitglieder']);
    const response = await patch(id, { groups: [w.groups.gf, w.groups.partner, w.groups.gf] });
    expect(response.statusCode).toBe(200);
    expect(response.json<TAdminMember>().groups.map((group) => group.name)).toEqual([
      'Geschäftsführung',
      'Partner',
    ]);
    expect((await profile()).groups.map((group) => group.name)).toEqual(['Geschäftsführung', 'Partner']);
    const [entry] = (await auditRows(w, 'member.groups')).filter((row) => row.subjectId === id);
    expect(entry?.changes).toEqual({
      groups: { before: ['Mitglieder'], after: ['Geschäftsführung', 'Partner'] },
    });
  });

  it("should end a disabled member's access at once, with the token they already hold, and let them back in", async () => {
    const id = await newMember('gesperrt');
    const member = await w.login('gesperrt');
    expect((await call(w, 'GET', API.profile, member)).statusCode).toBe(200);
    const response = await patch(id, { disabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().disabled).toBe(true);
    const refused = await call(w, 'GET', API.profile, member);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: AUTH_MESSAGES.accountDisabled });
    const [entry] = (await auditRows(w, 'member.disabled')).filter((row) => row.subjectId === id);
    expect(entry?.changes).toEqual({ disabled: { before: false, after: true } });

    expect((await patch(id, { disabled: false })).statusCode).toBe(200);
    expect((await call(w, 'GET', API.profile, member)).statusCode).toBe(200);
  });

  it('should take disabled as a form value too', async () => {
    const id = await newMember('formular');
    const response = await w.app.inject({
      method: 'PATCH',
      url: ADMIN_API.member(id),
      headers: { ...w.as.admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'disabled=1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().disabled).toBe(true);
  });

  it('should record one entry per changed aspect and none for what stayed the same', async () => {
    const id = await newMember('alles');
    const response = await patch(id, {
      role: 'ROLE_PARTNER',
      groups: [w.groups.mitglieder],
      disabled: true,
    });
    expect(response.statusCode).toBe(200);
    const kinds = (await auditRows(w)).filter((row) => row.subjectId === id).map((row) => row.kind);
    expect(kinds).toEqual(['member.role', 'member.disabled']);
    const before = await counts();
    expect(
      (await patch(id, { role: 'ROLE_PARTNER', groups: [w.groups.mitglieder], disabled: true })).statusCode,
    ).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('should refuse an admin disabling themself or giving up their own admin role, writing nothing', async () => {
    const before = await counts();
    for (const [body, field] of [
      [{ disabled: true }, 'disabled'],
      [{ role: 'ROLE_USER' }, 'role'],
      [{ role: 'ROLE_PARTNER', groups: [] }, 'role'],
    ] as const) {
      const response = await patch(adminId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: ADMIN_MESSAGES.selfLockout,
        errors: { [field]: ADMIN_MESSAGES.selfLockout },
      });
    }
    expect(await counts()).toEqual(before);
    expect(await memberOf(w, adminId)).toMatchObject({ role: 'ROLE_ADMIN', disabled: false });
    // their own groups they may change, and another admin may take their role
    expect((await patch(adminId, { groups: [w.groups.mitglieder], disabled: false })).statusCode).toBe(200);
  });

  it('should refuse an unknown group with 400 and keep the role given with it unchanged', async () => {
    const id = await newMember('halb');
    const before = await counts();
    const response = await patch(id, { role: 'ROLE_PARTNER', groups: [w.groups.partner, 987_654] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.groupUnknown,
      errors: { groups: ADMIN_MESSAGES.groupUnknown },
    });
    expect(await counts()).toEqual(before);
    expect(await memberOf(w, id)).toMatchObject({ role: 'ROLE_USER', groups: [{ name: 'Mitglieder' }] });
  });

  it('should answer 404 for an erased member and for an id nobody has, writing nothing', async () => {
    const id = await newMember('geloescht');
    await eraseMember(w, id);
    const before = await counts();
    for (const target of [id, 999_999]) {
      const response = await patch(target, { role: 'ROLE_ADMIN' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ADMIN_MESSAGES.memberNotFound });
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an empty change', {}, '_', ADMIN_MESSAGES.nothingToChange],
    ['an unknown role', { role: 'ROLE_CHEF' }, 'role', ADMIN_MESSAGES.roleInvalid],
    ['groups that are no list', { groups: 3 }, 'groups', ADMIN_MESSAGES.groupsInvalid],
    ['disabled as text', { disabled: 'vielleicht' }, 'disabled', ADMIN_MESSAGES.disabledInvalid],
    ['a username', { username: 'umbenannt' }, '_', 'Unbekannter Schlüssel: "username"'],
  ])(
    'should refuse %s with 400 and a German detail, writing nothing',
    async (_name, body, field, message) => {
      const id = await userId(w, 'mitglied');
      const before = await counts();
      const response = await patch(id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
      expect(await counts()).toEqual(before);
    },
  );

  it.each(REFUSED)('should refuse a request %s with %i, writing nothing', async (_name, status, who) => {
    const id = await userId(w, 'chef');
    const before = await counts();
    const response = await patch(id, { role: 'ROLE_ADMIN' }, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden);
    expect(await counts()).toEqual(before);
  });
});

describe('two admins changing one member at the same moment', () => {
  const first = () => ({ role: 'ROLE_PARTNER', groups: [w.groups.gf] }) as const;
  const second = () => ({ role: 'ROLE_ADMIN', groups: [w.groups.mitglieder, w.groups.partner] }) as const;
  const shape = (member: TAdminMember) => ({
    role: member.role,
    groups: member.groups.map((group) => group.id).sort((a, b) => a - b),
  });

  it.each([1, 2, 3, 4, 5])(
    'should end in one of the two complete writes, and log both (round %i)',
    async (round) => {
      const id = await newMember(`umstritten${round}`);
      const [a, b] = await Promise.all([
        patch(id, first(), w.as.admin),
        patch(id, second(), w.as.zweitadmin),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const final = shape(await memberOf(w, id));
      const writes = [first(), second()].map((write) => ({
        role: write.role,
        groups: [...write.groups].sort((x, y) => x - y),
      }));
      expect(writes).toContainEqual(final);

      const entries = (await auditRows(w)).filter((row) => row.subjectId === id);
      const roles = entries.filter((entry) => entry.kind === 'member.role');
      const groups = entries.filter((entry) => entry.kind === 'member.groups');
      // both admins changed role and groups: each change follows the other, so both are in the log
      expect(roles.map((entry) => entry.actorId).sort()).toEqual([adminId, secondAdminId].sort());
      expect(groups.map((entry) => entry.actorId).sort()).toEqual([adminId, secondAdminId].sort());
      // the later one's 'before' is what the earlier one left, and its 'after' is the final state
      const [earlier, later] = roles;
      expect(later?.changes?.role?.before).toEqual(earlier?.changes?.role?.after);
      expect(later?.changes?.role?.after).toBe(final.role);
      expect(earlier?.changes?.role?.before).toBe('ROLE_USER');
      const lastActor = later?.actorId;
      expect(groups.at(-1)?.actorId).toBe(lastActor);
    },
  );
});
