import {
  ADMIN_API,
  ADMIN_MESSAGES,
  API,
  MESSAGES,
  type TAdminGroup,
  type TAdminGroupUsage,
  type TProfile,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../audit/audit-helpers.ts';
import { buildCategory, buildPost } from '../helpers/builders-content.ts';
import { createUser, userId } from '../helpers/factories.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, REFUSED } from './admin-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const counts = () =>
  rowCounts(w.t, ['userGroups', 'userGroupMembers', 'blogPostGroups', 'contentCategoryGroups', 'auditLog']);
const groups = async () => {
  const response = await call(w, 'GET', ADMIN_API.groups, w.as.admin);
  expect(response.statusCode).toBe(200);
  return response.json<TAdminGroup[]>();
};
const createGroup = (payload: unknown, headers = w.as.admin) =>
  call(w, 'POST', ADMIN_API.groups, headers, payload);
const patchGroup = (id: number | string, payload: unknown, headers = w.as.admin) =>
  call(w, 'PATCH', ADMIN_API.group(id), headers, payload);
const deleteGroup = (id: number | string, query = '', headers = w.as.admin) =>
  call(w, 'DELETE', `${ADMIN_API.group(id)}${query}`, headers);

async function newGroup(name: string): Promise<number> {
  const response = await createGroup({ name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TAdminGroup>().id;
}

/** A post and a category shown to the group, inserted as rows. */
async function useInContent(groupId: number, title: string): Promise<void> {
  await buildPost(w, { title, preText: '', content: '<p>x</p>', groups: [groupId] });
  await buildCategory(w, { name: `Kategorie ${title}`, groups: [groupId] });
}

describe('GET /api/admin/groups', () => {
  it('should list the groups by name with flags and member counts, erased members not counted', async () => {
    const id = (await createUser(w.app, { username: 'bald-weg', groups: ['Geschäftsführung'] })).id;
    expect((await groups()).find((group) => group.id === w.groups.gf)?.memberCount).toBe(3);
    // an erased member keeps no memberships; a leftover one is not counted either
    await eraseMember(w, id);
    await w.t.database.db
      .insertInto('userGroupMembers')
      .values({ userId: id, groupId: w.groups.gf })
      .execute();
    expect(await groups()).toEqual([
      { id: w.groups.gf, name: 'Geschäftsführung', internal: true, isDefault: false, memberCount: 2 },
      { id: w.groups.mitglieder, name: 'Mitglieder', internal: false, isDefault: true, memberCount: 3 },
      { id: w.groups.partner, name: 'Partner', internal: false, isDefault: true, memberCount: 1 },
    ]);
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const response = await call(w, 'GET', ADMIN_API.groups, headersOf(w, who));
    expect(response.statusCode).toBe(status);
  });
});

describe('POST /api/admin/groups', () => {
  it('should create a group and record it with its name as label', async () => {
    const response = await createGroup({ name: ' Vorstand ', internal: true });
    expect(response.statusCode).toBe(201);
    const group = response.json<TAdminGroup>();
    expect(group).toEqual({
      id: group.id,
      name: 'Vorstand',
      internal: true,
      isDefault: false,
      memberCount: 0,
    });
    const [entry] = await auditRows(w, 'group.create');
    expect(entry).toMatchObject({
      actorId: await userId(w, 'admin'),
      subjectType: 'group',
      subjectId: group.id,
      subjectLabel: 'Vorstand',
      changes: { name: { before: null, after: 'Vorstand' }, internal: { before: null, after: true } },
    });
  });

  it.each([
    ['a name that exists', { name: 'Mitglieder' }, 'name', ADMIN_MESSAGES.groupNameTaken],
    ['a missing name', { internal: true }, 'name', ADMIN_MESSAGES.groupNameRequired],
    ['a blank name', { name: '  ' }, 'name', ADMIN_MESSAGES.groupNameRequired],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name', ADMIN_MESSAGES.groupNameTooLong],
    ['internal as text', { name: 'A', internal: 'vielleicht' }, 'internal', ADMIN_MESSAGES.groupFlagInvalid],
    ['isDefault as a number', { name: 'B', isDefault: 2 }, 'isDefault', ADMIN_MESSAGES.groupFlagInvalid],
    ['an unknown field', { name: 'C', members: [] }, '_', 'Unbekannter Schlüssel: "members"'],
  ])(
    'should refuse %s with 400 and a German detail, writing nothing',
    async (_name, body, field, message) => {
      const before = await counts();
      const response = await createGroup(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
      expect(await counts()).toEqual(before);
    },
  );

  it('should create a group only once when two admins send the same name at the same moment', async () => {
    const answers = await Promise.all([createGroup({ name: 'Doppelt' }), createGroup({ name: 'Doppelt' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect((await groups()).filter((group) => group.name === 'Doppelt')).toHaveLength(1);
  });

  it.each(REFUSED)('should refuse a request %s with %i, writing nothing', async (_name, status, who) => {
    const before = await counts();
    const response = await createGroup({ name: 'Eindringlinge' }, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden);
    expect(await counts()).toEqual(before);
  });
});

describe('PATCH /api/admin/groups/{id}', () => {
  it('should rename the group, record before and after, and show members the new name at once', async () => {
    const id = await newGroup('Alter Name');
    await createUser(w.app, { username: 'umbenannt', groups: ['Alter Name'] });
    const member = await w.login('umbenannt');
    const profile = () => w.json<TProfile>(API.profile, member);
    expect((await profile()).groups.map((group) => group.name)).toEqual(['Alter Name']);
    const response = await patchGroup(id, { name: 'Neuer Name', isDefault: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      name: 'Neuer Name',
      internal: false,
      isDefault: true,
      memberCount: 1,
    });
    expect((await profile()).groups.map((group) => group.name)).toEqual(['Neuer Name']);
    const entries = (await auditRows(w, 'group.update')).filter((entry) => entry.subjectId === id);
    expect(entries).toEqual([
      expect.objectContaining({
        subjectLabel: 'Neuer Name',
        changes: {
          name: { before: 'Alter Name', after: 'Neuer Name' },
          isDefault: { before: false, after: true },
        },
      }),
    ]);
  });

  it('should keep a group its own name and record nothing when nothing changes', async () => {
    const id = await newGroup('Gleich');
    const before = await counts();
    const response = await patchGroup(id, { name: 'Gleich', internal: false });
    expect(response.statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('should refuse the name of another group with 400, writing nothing', async () => {
    const id = await newGroup('Eigener Name');
    const before = await counts();
    const response = await patchGroup(id, { name: 'Partner', internal: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.groupNameTaken,
      errors: { name: ADMIN_MESSAGES.groupNameTaken },
    });
    expect(await counts()).toEqual(before);
    expect((await groups()).find((group) => group.id === id)).toMatchObject({
      name: 'Eigener Name',
      internal: false,
    });
  });

  it.each([
    ['an empty change', {}, '_', ADMIN_MESSAGES.groupNothingToChange],
    ['a blank name', { name: '' }, 'name', ADMIN_MESSAGES.groupNameRequired],
    ['internal as text', { internal: 'ja' }, 'internal', ADMIN_MESSAGES.groupFlagInvalid],
  ])('should refuse %s with 400 and a German detail', async (_name, body, field, message) => {
    const response = await patchGroup(w.groups.partner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
  });

  it('should answer 404 for a group nobody has', async () => {
    const response = await patchGroup(999_999, { internal: true });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: ADMIN_MESSAGES.groupNotFound });
  });

  it.each(REFUSED)('should refuse a request %s with %i, writing nothing', async (_name, status, who) => {
    const before = await counts();
    const response = await patchGroup(w.groups.partner, { internal: true }, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/admin/groups/{id}/usage', () => {
  it('should count members, posts and categories and list the first 20 of each by title', async () => {
    const id = await newGroup('Viel genutzt');
    await createUser(w.app, { username: 'nutzer', groups: ['Viel genutzt'] });
    for (let n = 25; n >= 1; n -= 1) await useInContent(id, `Thema ${String(n).padStart(2, '0')}`);
    const response = await call(w, 'GET', ADMIN_API.groupUsage(id), w.as.admin);
    expect(response.statusCode).toBe(200);
    const usage = response.json<TAdminGroupUsage>();
    expect(usage).toMatchObject({ memberCount: 1, postCount: 25, categoryCount: 25 });
    expect(usage.posts.map((post) => post.title)).toEqual(
      Array.from({ length: 20 }, (_, n) => `Thema ${String(n + 1).padStart(2, '0')}`),
    );
    expect(usage.categories[0]?.name).toBe('Kategorie Thema 01');
    expect(usage.categories).toHaveLength(20);
  });

  it('should answer an unused group with zeros and 404 for a group nobody has', async () => {
    const id = await newGroup('Ungenutzt');
    const response = await call(w, 'GET', ADMIN_API.groupUsage(id), w.as.admin);
    expect(response.json()).toEqual({
      memberCount: 0,
      postCount: 0,
      categoryCount: 0,
      posts: [],
      categories: [],
    });
    expect((await call(w, 'GET', ADMIN_API.groupUsage(999_999), w.as.admin)).statusCode).toBe(404);
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const response = await call(w, 'GET', ADMIN_API.groupUsage(w.groups.gf), headersOf(w, who));
    expect(response.statusCode).toBe(status);
  });
});

describe('DELETE /api/admin/groups/{id}', () => {
  it('should refuse to delete a group in use without confirmation with 409, deleting nothing', async () => {
    const id = await newGroup('In Gebrauch');
    await createUser(w.app, { username: 'gebraucht', groups: ['In Gebrauch'] });
    await useInContent(id, 'Gebrauchter Beitrag');
    const before = await counts();
    for (const query of ['', '?confirm=false']) {
      const response = await deleteGroup(id, query);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: ADMIN_MESSAGES.groupInUse });
    }
    expect(await counts()).toEqual(before);
  });

  it('should delete a group in use after confirmation and record what lost it', async () => {
    const id = await newGroup('Bestätigt');
    await createUser(w.app, { username: 'verliert', groups: ['Bestätigt', 'Mitglieder'] });
    const member = await w.login('verliert');
    await useInContent(id, 'Verlorener Beitrag');
    const response = await deleteGroup(id, '?confirm=true');
    expect(response.statusCode).toBe(204);
    expect((await groups()).some((group) => group.id === id)).toBe(false);
    const links = await w.t.database.db
      .selectFrom('blogPostGroups')
      .select('blogPostId')
      .where('groupId', '=', id)
      .execute();
    expect(links).toEqual([]);
    expect((await w.json<TProfile>(API.profile, member)).groups.map((group) => group.name)).toEqual([
      'Mitglieder',
    ]);
    const [entry] = (await auditRows(w, 'group.delete')).filter((row) => row.subjectId === id);
    expect(entry).toMatchObject({
      subjectLabel: 'Bestätigt',
      changes: {
        members: { before: 1, after: 0 },
        posts: { before: 1, after: 0 },
        categories: { before: 1, after: 0 },
      },
    });
  });

  it('should delete an unused group without confirmation', async () => {
    const id = await newGroup('Leer');
    expect((await deleteGroup(id)).statusCode).toBe(204);
    const [entry] = (await auditRows(w, 'group.delete')).filter((row) => row.subjectId === id);
    expect(entry).toMatchObject({ subjectLabel: 'Leer', changes: null });
    expect((await deleteGroup(id)).statusCode).toBe(404);
  });

  it('should refuse a confirmation that is neither true nor false with 400', async () => {
    const id = await newGroup('Unklar');
    const response = await deleteGroup(id, '?confirm=ja');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.filterInvalid,
      errors: { confirm: ADMIN_MESSAGES.filterInvalid },
    });
    expect((await groups()).some((group) => group.id === id)).toBe(true);
  });

  it.each(REFUSED)('should refuse a request %s with %i, deleting nothing', async (_name, status, who) => {
    const id = await newGroup(`Geschützt ${status} ${who ?? 'niemand'}`);
    const before = await counts();
    const response = await deleteGroup(id, '?confirm=true', headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(await counts()).toEqual(before);
  });
});
