import {
  ADMIN_API,
  ADMIN_MEMBERS_PAGE_SIZE,
  ADMIN_MESSAGES,
  MESSAGES,
  type TAdminMember,
  type TAdminMembersPage,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, REFUSED } from './admin-helpers.ts';

let w: World;
let erika: number;
let erased: number;

beforeAll(async () => {
  w = await createWorld();
  erika = (
    await createUser(w.app, {
      username: 'Erika',
      email: 'erika.mustermann@glas-nord.de',
      // 'Müller' in decomposed form (u + combining diaeresis): NFC makes it match however it is typed
      company: 'Glasbau Mu\u0308ller & Söhne',
      role: 'ROLE_USER',
      groups: ['Mitglieder', 'Geschäftsführung'],
      password: 'ein-sicheres-passwort',
    })
  ).id;
  await createUser(w.app, { username: 'prozent', company: '100% Glas', role: 'ROLE_PARTNER', groups: [] });
  await createUser(w.app, { username: 'unter_strich', company: 'Fenster AG', groups: ['Partner'] });
  const gesperrt = await createUser(w.app, { username: 'gesperrt', company: 'Fenster AG' });
  await w.app.accounts.setDisabled(gesperrt.username, true);
  erased = (await createUser(w.app, { username: 'vergessen', company: 'Glasbau Müller' })).id;
  await eraseMember(w, erased);
  await w.t.database.db
    .updateTable('users')
    .set({ lastLoginAt: new Date('2026-11-20T08:15:00Z') })
    .where('id', '=', erika)
    .execute();
});
afterAll(() => w.close());

const list = async (query = '') => {
  const response = await call(w, 'GET', `${ADMIN_API.members}${query ? `?${query}` : ''}`, w.as.admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAdminMembersPage>();
};
const names = (page: TAdminMembersPage) => page.items.map((member) => member.username);

describe('GET /api/admin/members', () => {
  it('should list every member who is not erased, sorted by username, with their groups', async () => {
    const page = await list();
    expect(names(page)).toEqual([
      'admin',
      'beide',
      'chef',
      'Erika',
      'gesperrt',
      'mitglied',
      'partner',
      'prozent',
      'unter_strich',
    ]);
    expect(page).toMatchObject({ total: 9, page: 1, pageSize: ADMIN_MEMBERS_PAGE_SIZE });
    const member = page.items.find((item) => item.id === erika);
    expect(member).toEqual({
      id: erika,
      username: 'Erika',
      email: 'erika.mustermann@glas-nord.de',
      company: 'Glasbau Mu\u0308ller & Söhne',
      firstName: null,
      lastName: null,
      name: 'Erika',
      memberCompany: null,
      role: 'ROLE_USER',
      groups: [
        { id: w.groups.gf, name: 'Geschäftsführung' },
        { id: w.groups.mitglieder, name: 'Mitglieder' },
      ],
      lastLoginAt: '2026-11-20T08:15:00.000Z',
      disabled: false,
      hasPassword: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    } satisfies TAdminMember);
    expect(page.items.find((item) => item.username === 'prozent')).toMatchObject({
      groups: [],
      lastLoginAt: null,
      hasPassword: false,
      role: 'ROLE_PARTNER',
    });
  });

  it.each([
    ['a part of the e-mail', 'mustermann@glas', ['Erika']],
    ['a company in any case', 'FENSTER', ['gesperrt', 'unter_strich']],
    ['an umlaut typed composed', 'müller', ['Erika']],
    ['an umlaut typed decomposed', 'MU\u0308LLER', ['Erika']],
    ['a percent sign as itself', '%', ['prozent']],
    ['an underscore as itself', '_', ['unter_strich']],
    ['a backslash as itself', '\\', []],
    ['a name that nobody has', 'niemand', []],
  ])('should find members by %s', async (_name, q, expected) => {
    const page = await list(`q=${encodeURIComponent(q)}`);
    expect(names(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('should never find an erased member, not even by the name they had', async () => {
    expect(names(await list('q=vergessen'))).toEqual([]);
    expect(names(await list(`q=${encodeURIComponent('Ehemaliges Mitglied')}`))).toEqual([]);
  });

  it('should filter by role, group and disabled, also combined with a search', async () => {
    expect(names(await list('role=ROLE_ADMIN'))).toEqual(['admin']);
    expect(names(await list('role=ROLE_PARTNER'))).toEqual(['partner', 'prozent']);
    expect(names(await list(`group=${w.groups.gf}`))).toEqual(['beide', 'chef', 'Erika']);
    expect(names(await list(`group=${w.groups.partner}`))).toEqual(['partner', 'unter_strich']);
    expect(names(await list('disabled=true'))).toEqual(['gesperrt']);
    expect((await list('disabled=false')).total).toBe(8);
    expect(names(await list(`q=nord&group=${w.groups.mitglieder}&disabled=false`))).toEqual(['Erika']);
  });

  it('should page by ADMIN_MEMBERS_PAGE_SIZE and count every match', async () => {
    const values = Array.from({ length: ADMIN_MEMBERS_PAGE_SIZE + 5 }, (_, n) => ({
      username: `seite${String(n).padStart(3, '0')}`,
      usernameKey: `seite${String(n).padStart(3, '0')}`,
      searchKey: `seite${String(n).padStart(3, '0')} seitenfirma`,
      role: 'ROLE_USER',
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await w.t.database.db.insertInto('users').values(values).execute();
    const first = await list('q=seitenfirma');
    const second = await list('q=seitenfirma&page=2');
    expect(first.total).toBe(ADMIN_MEMBERS_PAGE_SIZE + 5);
    expect(first.items).toHaveLength(ADMIN_MEMBERS_PAGE_SIZE);
    expect(names(second)).toEqual(['seite050', 'seite051', 'seite052', 'seite053', 'seite054']);
    expect((await list('q=seitenfirma&page=3')).items).toEqual([]);
  });

  it.each([
    ['page 0', 'page=0', 'page', ADMIN_MESSAGES.pageInvalid],
    ['a page that is no number', 'page=zwei', 'page', ADMIN_MESSAGES.pageInvalid],
    ['an unknown role', 'role=ROLE_GAST', 'role', ADMIN_MESSAGES.roleInvalid],
    ['a group that is no id', 'group=Mitglieder', 'group', ADMIN_MESSAGES.filterInvalid],
    ['disabled as neither true nor false', 'disabled=vielleicht', 'disabled', ADMIN_MESSAGES.filterInvalid],
    ['a search over 100 characters', `q=${'x'.repeat(101)}`, 'q', ADMIN_MESSAGES.searchTooLong],
  ])('should refuse %s with 400 and a German detail', async (_name, query, field, message) => {
    const response = await call(w, 'GET', `${ADMIN_API.members}?${query}`, w.as.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const response = await call(w, 'GET', ADMIN_API.members, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden);
  });
});

describe('GET /api/admin/members/{id}', () => {
  it('should give one member as the list shows them', async () => {
    const response = await call(w, 'GET', ADMIN_API.member(erika), w.as.admin);
    expect(response.statusCode).toBe(200);
    const [fromList] = (await list('q=erika')).items;
    expect(response.json()).toEqual(fromList);
  });

  it('should answer 404 for an erased member and for an id nobody has', async () => {
    for (const id of [erased, 999_999]) {
      const response = await call(w, 'GET', ADMIN_API.member(id), w.as.admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ADMIN_MESSAGES.memberNotFound });
    }
  });

  it('should refuse an id that is no number with 400', async () => {
    const response = await call(w, 'GET', ADMIN_API.member('erika'), w.as.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('id');
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const response = await call(w, 'GET', ADMIN_API.member(erika), headersOf(w, who));
    expect(response.statusCode).toBe(status);
  });
});
