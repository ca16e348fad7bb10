import {
  ADMIN_API,
  ADMIN_MESSAGES,
  API,
  type TAdminMember,
  type TAdminMembersPage,
  type TProfile,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../audit/audit-helpers.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, memberOf, REFUSED } from './admin-helpers.ts';

let w: World;
let adminId: number;
beforeAll(async () => {
  w = await createWorld();
  adminId = await userId(w, 'admin');
});
afterAll(() => w.close());

const patch = (id: number, payload: unknown, headers = w.as.admin) =>
  call(w, 'PATCH', ADMIN_API.member(id), headers, payload);
const counts = () => rowCounts(w.t, ['users', 'auditLog']);

async function newMember(username: string, email: string, company = 'Glas GmbH'): Promise<number> {
  return (await createUser(w.app, { username, role: 'ROLE_USER', groups: ['Mitglieder'], email, company }))
    .id;
}

describe("an admin changes a member's e-mail and company", () => {
  it('should save both, find the member by them at once and show the member their new address', async () => {
    const id = await newMember('umgezogen', 'alt@glaserei.example', 'Glaserei Alt');
    const member = await w.login('umgezogen');
    const response = await patch(id, { email: ' neu@fensterbau.example ', company: ' Fensterbau Neu GmbH ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TAdminMember>()).toMatchObject({
      id,
      email: 'neu@fensterbau.example',
      company: 'Fensterbau Neu GmbH',
      role: 'ROLE_USER',
    });
    const found = await w.json<TAdminMembersPage>(`${ADMIN_API.members}?q=fensterbau%20neu`, w.as.admin);
    expect(found.items.map((item) => item.id)).toEqual([id]);
    const old = await w.json<TAdminMembersPage>(`${ADMIN_API.members}?q=glaserei%20alt`, w.as.admin);
    expect(old.items).toEqual([]);
    expect(await w.json<TProfile>(API.profile, member)).toMatchObject({
      email: 'neu@fensterbau.example',
      company: 'Fensterbau Neu GmbH',
    });
  });

  it('should record which of them changed, never the addresses or names themselves', async () => {
    const id = await newMember('protokolliert', 'vorher@glas.example');
    expect((await patch(id, { email: 'nachher@glas.example', company: 'Glas & Co' })).statusCode).toBe(200);
    const entries = (await auditRows(w)).filter((row) => row.subjectId === id);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: adminId,
        kind: 'member.contact',
        subjectType: 'member',
        subjectLabel: null,
        changes: { email: { before: '…', after: '…' }, company: { before: '…', after: '…' } },
      }),
    ]);
    const text = JSON.stringify(entries);
    for (const secret of ['vorher@', 'nachher@', 'Glas & Co']) expect(text).not.toContain(secret);

    // clearing the company and keeping the address records only the company
    expect((await patch(id, { email: 'NACHHER@glas.example', company: '' })).statusCode).toBe(200);
    expect(await memberOf(w, id)).toMatchObject({ email: 'NACHHER@glas.example', company: null });
    const [, second] = (await auditRows(w, 'member.contact')).filter((row) => row.subjectId === id);
    expect(second?.changes).toEqual({
      email: { before: '…', after: '…' },
      company: { before: '…', after: null },
    });
    // the same values again: no change, no entry
    const before = await counts();
    expect((await patch(id, { email: 'NACHHER@glas.example', company: null })).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it("should refuse another member's address in any case with 400, writing nothing", async () => {
    await newMember('erste', 'buero@verband.example');
    const id = await newMember('zweite', 'zweite@verband.example', 'Zweite GmbH');
    const before = await counts();
    for (const email of ['buero@verband.example', 'Buero@Verband.example ']) {
      const response = await patch(id, { email, company: 'Geändert GmbH' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: ADMIN_MESSAGES.emailTaken,
        errors: { email: ADMIN_MESSAGES.emailTaken },
      });
    }
    expect(await counts()).toEqual(before);
    expect(await memberOf(w, id)).toMatchObject({ email: 'zweite@verband.example', company: 'Zweite GmbH' });
  });

  it('should free the address of an erased member', async () => {
    const gone = await newMember('ausgetreten', 'frei@verband.example');
    await eraseMember(w, gone);
    const id = await newMember('nachfolger', 'nachfolger@verband.example');
    expect((await patch(id, { email: 'frei@verband.example' })).statusCode).toBe(200);
  });

  it('should refuse a new member with an address another member has', async () => {
    await newMember('vorhanden', 'vorhanden@verband.example');
    const before = await counts();
    const response = await call(w, 'POST', ADMIN_API.members, w.as.admin, {
      username: 'doppelt',
      email: 'VORHANDEN@verband.example',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.emailTaken,
      errors: { email: ADMIN_MESSAGES.emailTaken },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an address without @', { email: 'keine-adresse' }, 'email', ADMIN_MESSAGES.emailInvalid],
    ['an address as a number', { email: 42 }, 'email', ADMIN_MESSAGES.emailInvalid],
    ['a company of 201 characters', { company: 'G'.repeat(201) }, 'company', ADMIN_MESSAGES.companyTooLong],
  ])(
    'should refuse %s with 400 and a German message, writing nothing',
    async (_name, body, field, message) => {
      const id = await userId(w, 'mitglied');
      const before = await counts();
      const response = await patch(id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
      expect(await counts()).toEqual(before);
    },
  );

  it.each(REFUSED)('should refuse a change %s with %i, writing nothing', async (_name, status, who) => {
    const id = await userId(w, 'chef');
    const before = await counts();
    const response = await patch(id, { email: 'chef@verband.example' }, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(await counts()).toEqual(before);
  });
});
