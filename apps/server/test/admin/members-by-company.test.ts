import {
  ADMIN_API,
  ADMIN_COMPANIES_API,
  ADMIN_MEMBERS_PAGE_SIZE,
  ADMIN_MESSAGES,
  COMPANIES_API,
  type TAdminMember,
  type TAdminMembersPage,
} from '@portal/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/company-helpers.ts';
import { createUser } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, REFUSED } from './admin-helpers.ts';

// Issue 36 point 5: the admin's members list by member company: a filter by company (or none), the order
// company name, then person name, each member's company, and the counts of the page's companies.

let w: World;
const companies = { adler: 0, aerzte: 0, zander: 0 };
const people: Record<string, number> = {};

async function link(companyId: number, userId: number) {
  const response = await w.app.inject({
    method: 'PUT',
    url: ADMIN_COMPANIES_API.member(companyId, userId),
    headers: w.as.admin,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(204);
}

async function name(userId: number, firstName: string, lastName: string) {
  const response = await call(w, 'PATCH', ADMIN_API.member(userId), w.as.admin, { firstName, lastName });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  w = await createWorld();
  // 'Ärzteglas' folds to 'aerzteglas': after 'Adler', before 'Zander', on both databases alike
  companies.adler = (await createCompany(w, { name: 'Adler Glas GmbH' })).id;
  companies.aerzte = (await createCompany(w, { name: 'Ärzteglas KG' })).id;
  companies.zander = (await createCompany(w, { name: 'zander fenster' })).id;
  for (const username of ['u-berta', 'u-anton', 'u-cem', 'u-dora', 'u-emil', 'u-frei', 'u-weg']) {
    people[username] = (await createUser(w.app, { username, company: 'Alte Angabe' })).id;
  }
  const id = (username: string) => people[username] as number;
  await name(id('u-berta'), 'Berta', 'Zahn');
  await name(id('u-anton'), 'Anton', 'Yilmaz');
  await name(id('u-cem'), 'Çem', 'Öztürk');
  await name(id('u-dora'), 'Dora', 'Adam');
  await link(companies.adler, id('u-berta'));
  await link(companies.adler, id('u-anton'));
  await link(companies.aerzte, id('u-cem'));
  await link(companies.zander, id('u-dora'));
  await link(companies.zander, id('u-emil'));
  await link(companies.zander, id('u-weg'));
  // an erased member leaves the company (decision 0179) and every list
  await eraseMember(w, id('u-weg'));
});
afterAll(() => w.close());

const list = async (query: string) => {
  const response = await call(w, 'GET', `${ADMIN_API.members}?${query}`, w.as.admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TAdminMembersPage>();
};
const usernames = (page: TAdminMembersPage) => page.items.map((member) => member.username);
/** The members without a company: the world's five and 'u-frei'. */
const WITHOUT = ['admin', 'beide', 'chef', 'mitglied', 'partner', 'u-frei'];

describe('GET /api/admin/members by member company', () => {
  it('should list the members of one company, by username, each with the company and the name', async () => {
    const page = await list(`company=${companies.adler}`);
    expect(usernames(page)).toEqual(['u-anton', 'u-berta']);
    expect(page.total).toBe(2);
    expect(page.companies).toEqual([]);
    expect(page.items[0]).toMatchObject({
      username: 'u-anton',
      name: 'Anton Yilmaz',
      company: 'Alte Angabe',
      memberCompany: { id: companies.adler, name: 'Adler Glas GmbH' },
    } satisfies Partial<TAdminMember>);
  });

  it("should list the members without a company for company=none ('Ohne Firma')", async () => {
    const page = await list('company=none');
    expect(usernames(page)).toEqual(WITHOUT);
    expect(page.total).toBe(WITHOUT.length);
    expect(page.items.every((member) => member.memberCompany === null)).toBe(true);
  });

  it("should keep nothing of an erased member's name to sort by", async () => {
    const row = await w.t.database.db
      .selectFrom('users')
      .select(['nameKey', 'companyOrder'])
      .where('id', '=', people['u-weg'] as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nameKey: '', companyOrder: '1' });
  });

  it('should sort by company name (folded), then person name, the members without a company last', async () => {
    const page = await list('sort=company');
    expect(usernames(page)).toEqual([
      'u-anton', // Adler Glas GmbH: Anton Yilmaz
      'u-berta', //                  Berta Zahn
      'u-cem', // Ärzteglas KG
      'u-dora', // zander fenster: Dora Adam
      'u-emil', //                 u-emil (no name: the username)
      ...WITHOUT,
    ]);
    expect(page.companies).toEqual([
      { company: { id: companies.adler, name: 'Adler Glas GmbH' }, count: 2 },
      { company: { id: companies.aerzte, name: 'Ärzteglas KG' }, count: 1 },
      { company: { id: companies.zander, name: 'zander fenster' }, count: 2 },
      { company: null, count: WITHOUT.length },
    ]);
  });

  it('should count the companies of a page over the whole list with the same filters', async () => {
    const page = await list('sort=company&q=u-');
    expect(page.companies?.map((group) => [group.company?.name ?? null, group.count])).toEqual([
      ['Adler Glas GmbH', 2],
      ['Ärzteglas KG', 1],
      ['zander fenster', 2],
      [null, 1],
    ]);
    const one = await list(`sort=company&company=${companies.zander}`);
    expect(usernames(one)).toEqual(['u-dora', 'u-emil']);
    expect(one.companies).toEqual([{ company: { id: companies.zander, name: 'zander fenster' }, count: 2 }]);
    const none = await list('sort=company&company=none&role=ROLE_USER');
    expect(usernames(none)).toEqual(['beide', 'chef', 'mitglied', 'u-frei']);
    expect(none.companies).toEqual([{ company: null, count: 4 }]);
  });

  it('should follow a rename, a move, a name change and a deleted company at once', async () => {
    const renamed = await call(w, 'PATCH', COMPANIES_API.byId(companies.zander), w.as.admin, {
      name: 'Aal Fenster',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await link(companies.aerzte, people['u-berta'] as number);
    await name(people['u-cem'] as number, 'Aaron', 'Zeh');
    const page = await list('sort=company&q=u-');
    expect(usernames(page)).toEqual(['u-dora', 'u-emil', 'u-anton', 'u-cem', 'u-berta', 'u-frei']);

    const gone = await call(w, 'DELETE', ADMIN_COMPANIES_API.byId(companies.aerzte), w.as.admin);
    expect(gone.statusCode, gone.body).toBe(204);
    const after = await list('sort=company&q=u-');
    expect(usernames(after)).toEqual(['u-dora', 'u-emil', 'u-anton', 'u-cem', 'u-berta', 'u-frei']);
    expect(after.companies?.map((group) => [group.company?.name ?? null, group.count])).toEqual([
      ['Aal Fenster', 2],
      ['Adler Glas GmbH', 1],
      [null, 3],
    ]);
    expect((await list('company=none&q=u-')).total).toBe(3);
  });

  it('should page the company order without gaps or repeats', async () => {
    for (let n = 0; n < ADMIN_MEMBERS_PAGE_SIZE; n += 1) {
      const made = await createUser(w.app, { username: `viele-${String(n).padStart(2, '0')}` });
      await link(companies.adler, made.id);
    }
    const first = await list('sort=company');
    const second = await list('sort=company&page=2');
    const all = [...usernames(first), ...usernames(second)];
    expect(new Set(all).size).toBe(first.total);
    expect(first.companies?.at(-1)).toEqual({
      company: { id: companies.adler, name: 'Adler Glas GmbH' },
      count: ADMIN_MEMBERS_PAGE_SIZE + 1,
    });
    expect(second.companies?.[0]?.company?.name).toBe('Adler Glas GmbH');
  });
});

describe('GET /api/admin/members by company: refusals', () => {
  it.each(REFUSED)('should refuse a caller %s with %i', async (_who, status, who) => {
    const response = await call(
      w,
      'GET',
      `${ADMIN_API.members}?sort=company&company=none`,
      headersOf(w, who),
    );
    expect(response.statusCode).toBe(status);
  });

  it.each([
    ['a word', 'company=firma', 'company', ADMIN_MESSAGES.companyFilterInvalid],
    ['zero', 'company=0', 'company', ADMIN_MESSAGES.companyFilterInvalid],
    ['a fraction', 'company=1.5', 'company', ADMIN_MESSAGES.companyFilterInvalid],
    ['an unknown order', 'sort=name', 'sort', ADMIN_MESSAGES.sortInvalid],
  ])('should answer %s with a German 400', async (_what, query, field, message) => {
    for (const url of [ADMIN_API.members, ADMIN_API.membersCsv]) {
      const response = await call(w, 'GET', `${url}?${query}`, w.as.admin);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ errors: { [field]: message } });
    }
  });

  it('should answer an unknown company with an empty list', async () => {
    const page = await list('company=999999');
    expect(page).toMatchObject({ items: [], total: 0, companies: [] });
  });
});

describe('GET /api/admin/members.csv by member company', () => {
  it('should write the member company in Firma, in the order of the list', async () => {
    const response = await call(w, 'GET', `${ADMIN_API.membersCsv}?sort=company&q=u-`, w.as.admin);
    expect(response.statusCode, response.body).toBe(200);
    const rows = Papa.parse<string[]>(
      response.rawPayload
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd(),
      {
        delimiter: ';',
      },
    ).data;
    expect(rows.slice(1).map((row) => [row[0], row[2]])).toEqual([
      ['u-dora', 'Aal Fenster'],
      ['u-emil', 'Aal Fenster'],
      ['u-anton', 'Adler Glas GmbH'],
      ['u-cem', 'Alte Angabe'],
      ['u-berta', 'Alte Angabe'],
      ['u-frei', 'Alte Angabe'],
    ]);
    const one = await call(w, 'GET', `${ADMIN_API.membersCsv}?company=${companies.adler}`, w.as.admin);
    const lines = one.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1 + ADMIN_MEMBERS_PAGE_SIZE);
  });
});
