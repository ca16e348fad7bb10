import {
  ACCOUNT_EXPORT_API,
  ADMIN_API,
  ADMIN_COMPANIES_API,
  COMPANIES_API,
  COMPANY_MESSAGES,
  type TAccountExport,
  type TCompany,
  type TCompanyPage,
  type TMyCompany,
  type TSearchResult,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'anna', role: 'ROLE_USER', groups: ['Mitglieder'], email: 'anna@glas.example' },
  { username: 'bernd', role: 'ROLE_USER', groups: ['Mitglieder'], email: 'bernd@glas.example' },
  { username: 'carl', role: 'ROLE_USER', groups: ['Mitglieder'], email: 'carl@bau.example' },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const;

let w: World<(typeof USERS)[number]['username']>;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
});
afterAll(() => w.t.close());

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => w.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const userId = async (username: string) =>
  (
    await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

async function createCompany(body: Record<string, unknown>): Promise<TCompany> {
  const response = await inject('POST', ADMIN_COMPANIES_API.create, w.as.admin, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TCompany>();
}

const specialtyId = async (name: string) =>
  (
    await w.t.database.db
      .selectFrom('companySpecialties')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

let glas: TCompany;
beforeAll(async () => {
  glas = await createCompany({
    name: 'Glas Müller GmbH',
    street: 'Hauptstraße 1',
    postalCode: '80331',
    city: 'München',
    state: 'BY',
    phone: '089 123456',
    email: 'info@glas-mueller.example',
    specialtyIds: [await specialtyId('Glasveredelung')],
  });
  await createCompany({
    name: 'Bau Glas AG',
    city: 'Köln',
    state: 'NW',
    specialtyIds: [await specialtyId('Fassadenbau')],
  });
  const link = (user: string, body: object) =>
    userId(user).then((id) => inject('PUT', ADMIN_COMPANIES_API.member(glas.id, id), w.as.admin, body));
  expect((await link('anna', { function: 'Geschäftsführung', mainContact: true })).statusCode).toBe(204);
  expect((await link('bernd', { function: 'Vertrieb' })).statusCode).toBe(204);
});

describe('roles', () => {
  it('should refuse every route without a token (401) and partners (403)', async () => {
    const id = glas.id;
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', COMPANIES_API.list],
      ['GET', COMPANIES_API.specialties],
      ['GET', COMPANIES_API.byId(id)],
      ['PATCH', COMPANIES_API.byId(id)],
      ['DELETE', COMPANIES_API.logo(id)],
      ['GET', COMPANIES_API.vcard(id, 1)],
      ['POST', ADMIN_COMPANIES_API.create],
      ['DELETE', ADMIN_COMPANIES_API.byId(id)],
      ['PUT', ADMIN_COMPANIES_API.member(id, 1)],
      ['GET', ADMIN_COMPANIES_API.specialties],
      ['POST', ADMIN_COMPANIES_API.specialties],
      ['GET', ADMIN_COMPANIES_API.review],
      ['POST', ADMIN_COMPANIES_API.review],
      ['GET', ADMIN_COMPANIES_API.export],
    ];
    for (const [method, url] of routes) {
      expect(
        (await inject(method, url, {}, method === 'GET' || method === 'DELETE' ? undefined : {})).statusCode,
        `${method} ${url}`,
      ).toBe(401);
      expect(
        (await inject(method, url, w.as.partner, method === 'GET' || method === 'DELETE' ? undefined : {}))
          .statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });

  it('should refuse admin routes to members with 403', async () => {
    for (const url of [
      ADMIN_COMPANIES_API.review,
      ADMIN_COMPANIES_API.export,
      ADMIN_COMPANIES_API.specialties,
    ]) {
      expect((await inject('GET', url, w.as.carl)).statusCode).toBe(403);
    }
  });

  it('should let the main contact and admins edit, and refuse other members with 403', async () => {
    expect(
      (await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.bernd, { city: 'Augsburg' })).statusCode,
    ).toBe(403);
    expect(
      (await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.carl, { city: 'Augsburg' })).statusCode,
    ).toBe(403);
    const byMain = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, {
      description: 'Veredelung seit 1950',
    });
    expect(byMain.statusCode, byMain.body).toBe(200);
    expect(byMain.json<TCompany>().description).toBe('Veredelung seit 1950');
    expect(byMain.json<TCompany>().canEdit).toBe(true);
  });
});

describe('directory', () => {
  it('should page, filter by state, specialty and letter, and search folded', async () => {
    const all = await w.json<TCompanyPage>(COMPANIES_API.list, w.as.carl);
    expect(all.items.map((c) => c.name)).toEqual(['Bau Glas AG', 'Glas Müller GmbH']);
    expect(all.total).toBe(2);
    const names = async (query: string) =>
      (await w.json<TCompanyPage>(`${COMPANIES_API.list}?${query}`, w.as.carl)).items.map((c) => c.name);
    expect(await names('state=BY')).toEqual(['Glas Müller GmbH']);
    expect(await names(`specialty=${await specialtyId('Fassadenbau')}`)).toEqual(['Bau Glas AG']);
    expect(await names('letter=g')).toEqual(['Glas Müller GmbH']);
    expect(await names('q=MUELLER')).toEqual(['Glas Müller GmbH']);
    expect(await names('q=koeln')).toEqual(['Bau Glas AG']);
    expect(await names('q=glasveredel')).toEqual(['Glas Müller GmbH']);
    expect(await names('q=glas%20m%C3%BCnchen')).toEqual(['Glas Müller GmbH']);
    expect(await names('q=%25')).toEqual([]);
  });

  it('should answer bad filters with a German 400', async () => {
    const response = await inject('GET', `${COMPANIES_API.list}?state=XX&page=0`, w.as.carl);
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/Bundesland|Seite/);
  });
});

describe('consent', () => {
  it('should never answer a contact e-mail or phone without consent, nor a vCard', async () => {
    const anna = await userId('anna');
    const page = await inject('GET', COMPANIES_API.byId(glas.id), w.as.carl);
    expect(page.body).not.toContain('anna@glas.example');
    expect(page.body).not.toContain('bernd@glas.example');
    const contact = page.json<TCompany>().contacts.find((c) => c.userId === anna);
    expect(contact).toMatchObject({
      function: 'Geschäftsführung',
      mainContact: true,
      email: null,
      vcard: null,
    });
    expect((await inject('GET', COMPANIES_API.vcard(glas.id, anna), w.as.carl)).statusCode).toBe(404);
    const search = await inject('GET', '/api/search?q=anna', w.as.carl);
    expect(search.body).not.toContain('anna@glas.example');
  });

  it('should show e-mail and a vCard 4.0 once the member agreed, and hide them again when they withdraw', async () => {
    const anna = await userId('anna');
    const mine = await inject('GET', COMPANIES_API.mine, w.as.anna);
    expect(mine.json()).toMatchObject({
      showInDirectory: false,
      company: { id: glas.id },
      mainContact: true,
    });
    expect((await inject('PATCH', COMPANIES_API.mine, w.as.anna, { showInDirectory: true })).statusCode).toBe(
      200,
    );
    const company = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.carl);
    const contact = company.contacts.find((c) => c.userId === anna);
    expect(contact?.email).toBe('anna@glas.example');
    expect(company.contacts.find((c) => c.username === 'bernd')?.email).toBeNull();
    const card = await inject('GET', COMPANIES_API.vcard(glas.id, anna), w.as.carl);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toContain('text/vcard');
    expect(card.body).toContain('VERSION:4.0');
    expect(card.body).toContain('EMAIL;TYPE=work:anna@glas.example');
    expect(card.body).toContain('ORG:Glas Müller GmbH');
    await inject('PATCH', COMPANIES_API.mine, w.as.anna, { showInDirectory: false });
    expect((await inject('GET', COMPANIES_API.vcard(glas.id, anna), w.as.carl)).statusCode).toBe(404);
    expect((await inject('GET', COMPANIES_API.byId(glas.id), w.as.carl)).body).not.toContain(
      'anna@glas.example',
    );
  });
});

describe("the member's own directory entry", () => {
  it('should let a member set their own phone, shown only with consent, audited, refused without a company', async () => {
    const anna = await userId('anna');
    const set = await inject('PATCH', COMPANIES_API.mine, w.as.anna, { phone: '0211 / 55 66-7' });
    expect(set.statusCode).toBe(200);
    expect(set.json<TMyCompany>()).toMatchObject({ phone: '0211 / 55 66-7', showInDirectory: false });
    const hidden = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.carl);
    expect(hidden.contacts.find((c) => c.userId === anna)?.phone).toBeNull();
    await inject('PATCH', COMPANIES_API.mine, w.as.anna, { showInDirectory: true });
    const shown = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.carl);
    expect(shown.contacts.find((c) => c.userId === anna)?.phone).toBe('0211 / 55 66-7');
    await inject('PATCH', COMPANIES_API.mine, w.as.anna, { showInDirectory: false });
    const audit = await w.t.database.db
      .selectFrom('auditLog')
      .select('kind')
      .where('subjectType', '=', 'member')
      .where('subjectId', '=', anna)
      .where('kind', '=', 'company.member')
      .execute();
    expect(audit.length).toBeGreaterThan(0);

    const bad = await inject('PATCH', COMPANIES_API.mine, w.as.anna, { phone: 'ruf mich an' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(COMPANY_MESSAGES.phone);
    const alone = await inject('PATCH', COMPANIES_API.mine, w.as.partner, { phone: '0211 1' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual({ detail: COMPANY_MESSAGES.phoneWithoutCompany });
    expect((await inject('PATCH', COMPANIES_API.mine, w.as.anna, {})).statusCode).toBe(400);
  });
});

describe('self-service', () => {
  it('should audit a change before → after, and change contacts functions', async () => {
    const bernd = await userId('bernd');
    const response = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, {
      street: 'Neue Straße 5',
      contacts: [{ userId: bernd, function: 'Technik' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TCompany>().contacts.find((c) => c.userId === bernd)?.function).toBe('Technik');
    const entry = await w.t.database.db
      .selectFrom('auditLog')
      .select(['changes'])
      .where('kind', '=', 'company.save')
      .where('subjectId', '=', glas.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes ?? '{}')).toEqual({
      street: { before: 'Hauptstraße 1', after: 'Neue Straße 5' },
    });
    const member = await w.t.database.db
      .selectFrom('auditLog')
      .select('changes')
      .where('kind', '=', 'company.member')
      .where('subjectId', '=', bernd)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(member.changes ?? '{}')).toMatchObject({
      function: { before: 'Vertrieb', after: 'Technik' },
    });
  });

  it('should refuse bad input in German and write nothing', async () => {
    const before = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.anna);
    const bad = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, {
      city: 'X',
      postalCode: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toMatch(/[äöüß]|Bitte|PLZ/);
    const unknown = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, {
      city: 'X',
      specialtyIds: [99999],
    });
    expect(unknown.statusCode).toBe(400);
    const stranger = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, {
      city: 'X',
      contacts: [{ userId: await userId('carl'), function: 'Technik' }],
    });
    expect(stranger.statusCode).toBe(400);
    const taken = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, { name: 'bau  glas ag' });
    expect(taken.statusCode).toBe(409);
    const after = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.anna);
    expect(after.city).toBe(before.city);
    expect(after.version).toBe(before.version);
  });

  it('should keep both of two PATCHes at once, and refuse a stale version with 409', async () => {
    const before = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.anna);
    const [a, b] = await Promise.all([
      inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, { phone: '089 999' }),
      inject('PATCH', COMPANIES_API.byId(glas.id), w.as.admin, { website: 'https://glas-mueller.example' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const after = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.anna);
    expect(after).toMatchObject({
      phone: '089 999',
      website: 'https://glas-mueller.example',
      version: before.version + 2,
    });
    const stale = await inject('PATCH', COMPANIES_API.byId(glas.id), w.as.anna, {
      city: 'Passau',
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toContain('inzwischen geändert');
    expect((await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.anna)).city).toBe(after.city);
  });
});

describe('search, export and erasure', () => {
  it('should find companies by name, place and specialty in the search, for members only', async () => {
    const found = await w.json<TSearchResult>('/api/search?q=glasveredelung&type=company', w.as.carl);
    expect(found.hits.map((h) => h.title)).toContain('Glas Müller GmbH');
    expect(found.hits[0]?.path).toBe(`/mitglieder/${glas.id}`);
    const byPlace = await w.json<TSearchResult>('/api/search?q=k%C3%B6ln&type=company', w.as.carl);
    expect(byPlace.hits.map((h) => h.title)).toEqual(['Bau Glas AG']);
    const partner = await w.json<TSearchResult>('/api/search?q=glasveredelung', w.as.partner);
    expect(partner.hits.filter((h) => h.type === 'company')).toEqual([]);
  });

  it("should include the member's company link, function and consent in their export", async () => {
    const data = await w.json<TAccountExport>(ACCOUNT_EXPORT_API, w.as.bernd);
    expect(data.company).toMatchObject({
      companyId: glas.id,
      company: 'Glas Müller GmbH',
      function: 'Technik',
      showInDirectory: false,
    });
  });

  it('should remove an erased member from the company and keep the company', async () => {
    const bernd = await userId('bernd');
    const erased = await inject('DELETE', ADMIN_API.member(bernd), w.as.admin);
    expect(erased.statusCode, erased.body).toBe(204);
    const company = await w.json<TCompany>(COMPANIES_API.byId(glas.id), w.as.carl);
    expect(company.contacts.map((c) => c.userId)).not.toContain(bernd);
    expect(company.name).toBe('Glas Müller GmbH');
  });
});
