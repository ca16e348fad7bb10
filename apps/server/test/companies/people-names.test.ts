import {
  ACCOUNT_EXPORT_API,
  ADMIN_API,
  ADMIN_MESSAGES,
  COMPANIES_API,
  personName,
  type TAccountExport,
  type TAdminMember,
  type TAdminMembersPage,
  type TAuditPage,
  type TBlog,
  type TCompany,
  type TForumThread,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../blog/blog-helpers.ts';
import { TEST_API_KEY } from '../helpers/test-app.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createThread } from '../search/search-helpers.ts';

// People have names (issue 36 point 6): the login call and the admin's member form set them, and wherever a
// person appears the answer names them by one rule, falling back to the username.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const hostLogin = (payload: Record<string, unknown>) =>
  w.app.inject({
    method: 'POST',
    url: '/external/generate/login',
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
    payload,
  });
const idOf = async (username: string) =>
  (
    await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

describe('personName', () => {
  it('should join first and last name, take one alone, and fall back to the username', () => {
    expect(personName({ username: 'erika', firstName: 'Erika', lastName: 'Muster' })).toBe('Erika Muster');
    expect(personName({ username: 'erika', firstName: ' Erika ', lastName: null })).toBe('Erika');
    expect(personName({ username: 'erika', firstName: '', lastName: 'Muster' })).toBe('Muster');
    expect(personName({ username: 'erika', firstName: '  ', lastName: null })).toBe('erika');
  });
});

describe('names wherever a person appears', () => {
  it('should take the names of the login call and show them on posts, forum posts, members and audit', async () => {
    const named = await hostLogin({
      username: 'admin',
      firstName: 'Erika',
      lastName: 'Muster',
      roles: ['ROLE_ADMIN'],
    });
    expect(named.statusCode, named.body).toBe(200);
    const adminId = await idOf('admin');
    const post = await createPost(w, { title: 'Mit Namen' });
    const read = await w.json<TBlog>(`/api/blog/${post.id}`, w.as.mitglied);
    expect(read.author).toEqual({ username: 'admin', id: adminId, name: 'Erika Muster', photo: null });
    const thread = await createThread(w, { forum: 'Allgemein', thread: 'Wer bin ich' }, '<p>Hallo</p>');
    const shown = await w.json<TForumThread>(`/api/forumThread/${thread.id}`, w.as.mitglied);
    expect(shown.posts[0]?.author).toEqual({
      username: 'admin',
      id: adminId,
      name: 'Erika Muster',
      photo: null,
    });
    expect(shown.author?.name).toBe('Erika Muster');

    const members = await w.json<TAdminMembersPage>(`${ADMIN_API.members}?q=muster`, w.as.admin);
    expect(members.items.map((m) => [m.username, m.firstName, m.lastName, m.name])).toEqual([
      ['admin', 'Erika', 'Muster', 'Erika Muster'],
    ]);
    const audit = await w.json<TAuditPage>(ADMIN_API.audit, w.as.admin);
    expect(audit.items.find((entry) => entry.actor?.id === adminId)?.actor).toEqual({
      id: adminId,
      username: 'admin',
      name: 'Erika Muster',
    });
    // a member without names is named by the username
    const other = await w.json<TAdminMembersPage>(`${ADMIN_API.members}?q=mitglied`, w.as.admin);
    expect(other.items[0]?.name).toBe('mitglied');
  });

  it('should let admins edit the names, logging that they changed but not what they are', async () => {
    const id = await idOf('mitglied');
    const patch = (headers: Record<string, string>, payload: object) =>
      w.app.inject({ method: 'PATCH', url: ADMIN_API.member(id), headers, payload });
    const saved = await patch(w.as.admin, { firstName: 'Max', lastName: 'Beispiel' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TAdminMember>()).toMatchObject({
      firstName: 'Max',
      lastName: 'Beispiel',
      name: 'Max Beispiel',
    });
    const audit = await w.json<TAuditPage>(`${ADMIN_API.audit}?kind=member.contact`, w.as.admin);
    const entry = audit.items.find((item) => item.subjectId === id);
    expect(entry?.changes).toMatchObject({ firstName: expect.anything(), lastName: expect.anything() });
    expect(JSON.stringify(entry)).not.toContain('Beispiel');

    const long = await patch(w.as.admin, { lastName: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(ADMIN_MESSAGES.nameTooLong);
    expect((await patch(w.as.mitglied, { firstName: 'Selbst' })).statusCode).toBe(403);
    expect((await patch({}, { firstName: 'Niemand' })).statusCode).toBe(401);
    const cleared = await patch(w.as.admin, { firstName: '' });
    expect(cleared.json<TAdminMember>()).toMatchObject({ firstName: null, name: 'Beispiel' });
  });

  it('should name contacts in the directory, and keep the names in the export and not after erasure', async () => {
    const created = await w.app.inject({
      method: 'POST',
      url: '/api/admin/companies',
      headers: w.as.admin,
      payload: { name: 'Namen Glas GmbH' },
    });
    const company = created.json<TCompany>();
    const id = await idOf('mitglied');
    await w.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${company.id}/members/${id}`,
      headers: w.as.admin,
      payload: {},
    });
    const page = await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.chef);
    expect(page.contacts.map((c) => [c.username, c.name])).toEqual([['mitglied', 'Beispiel']]);

    const exported = await w.json<TAccountExport>(ACCOUNT_EXPORT_API, w.as.mitglied);
    expect(exported.profile).toMatchObject({ firstName: null, lastName: 'Beispiel' });
    const erased = await w.app.inject({ method: 'DELETE', url: ADMIN_API.member(id), headers: w.as.admin });
    expect(erased.statusCode).toBe(204);
    const row = await w.t.database.db
      .selectFrom('users')
      .select(['firstName', 'lastName'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: null, lastName: null });
  });
});
