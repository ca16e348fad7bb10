import {
  ADMIN_COMPANIES_API,
  COMPANIES_API,
  COMPANY_MESSAGES,
  type TCompany,
  type TCompanyPage,
  type TSearchResult,
  type TSpecialty,
} from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { createWorld, fixture, keyOf, storedFiles, type World } from '../helpers/world.ts';
import { createCompany } from './company-helpers.ts';

// What only admins (and for the logo, main contacts) do with companies, and what two admins do at once.

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'admin2', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'ida', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'jan', role: 'ROLE_USER', groups: ['Mitglieder'] },
] as const;

let w: World<(typeof USERS)[number]['username']>;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
});
afterAll(() => w.t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  w.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const userId = async (username: string) =>
  (
    await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

async function putLogo(
  id: number,
  headers: Record<string, string>,
  file?: { filename: string; data: Buffer },
) {
  const body = await multipartBody(file ? { logo: { ...file, type: 'image/jpeg' } } : { other: 'x' });
  return inject('PUT', COMPANIES_API.logo(id), { ...headers, ...body.headers }, body.payload);
}

const logoFiles = () => storedFiles(w.t).filter((key) => key.startsWith('company'));

describe('logo', () => {
  it('should store a JPEG without its metadata, replace it, and remove it with the file', async () => {
    const company = await createCompany(w, { name: 'Logo Glas GmbH' });
    const main = await userId('ida');
    const link = await inject('PUT', ADMIN_COMPANIES_API.member(company.id, main), w.as.admin, {
      mainContact: true,
    });
    expect(link.statusCode).toBe(204);

    const first = await putLogo(company.id, w.as.ida, {
      filename: 'foto.jpg',
      data: fixture('images/foto-exif-gps.jpg'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const logo = first.json<TCompany>().logo;
    expect(logo).not.toBeNull();
    expect(logoFiles()).toEqual([keyOf(logo)]);
    const served = await w.app.inject({ url: logo ?? '' });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const second = await putLogo(company.id, w.as.admin, {
      filename: 'logo.png',
      data: fixture('images/logo.png'),
    });
    expect(second.statusCode).toBe(200);
    expect(logoFiles()).toEqual([keyOf(second.json<TCompany>().logo)]);

    const removed = await inject('DELETE', COMPANIES_API.logo(company.id), w.as.ida);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TCompany>().logo).toBeNull();
    expect(logoFiles()).toEqual([]);
  });

  it('should refuse a non-picture with 415, a missing file with 400 and other members with 403', async () => {
    const company = await createCompany(w, { name: 'Kein Logo KG' });
    const svg = await putLogo(company.id, w.as.admin, {
      filename: 'logo.jpg',
      data: fixture('images/script.svg'),
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ detail: COMPANY_MESSAGES.logoType });
    const none = await putLogo(company.id, w.as.admin);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ detail: COMPANY_MESSAGES.logoRequired });
    const other = await putLogo(company.id, w.as.jan, {
      filename: 'logo.png',
      data: fixture('images/logo.png'),
    });
    expect(other.statusCode).toBe(403);
    expect((await inject('DELETE', COMPANIES_API.logo(company.id), w.as.jan)).statusCode).toBe(403);
    expect((await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.jan)).logo).toBeNull();
    expect(logoFiles()).toEqual([]);
  });
});

describe('specialties', () => {
  it('should rename a specialty everywhere it is used, refusing a taken name with 409', async () => {
    const created = await inject('POST', ADMIN_COMPANIES_API.specialties, w.as.admin, { name: 'Spiegelbau' });
    expect(created.statusCode, created.body).toBe(200);
    const specialty = created.json<TSpecialty>();
    const company = await createCompany(w, { name: 'Spiegel Eck OHG', specialtyIds: [specialty.id] });

    const renamed = await inject('PATCH', ADMIN_COMPANIES_API.specialty(specialty.id), w.as.admin, {
      name: 'Spiegelmontage',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.jan);
    expect(after.specialties.map((s) => s.name)).toEqual(['Spiegelmontage']);
    const page = await w.json<TCompanyPage>(`${COMPANIES_API.list}?q=spiegelmontage`, w.as.jan);
    expect(page.items.map((c) => c.id)).toEqual([company.id]);
    const hits = await w.json<TSearchResult>('/api/search?q=spiegelmontage&type=company', w.as.jan);
    expect(hits.hits.map((h) => h.title)).toEqual(['Spiegel Eck OHG']);

    const taken = await inject('PATCH', ADMIN_COMPANIES_API.specialty(specialty.id), w.as.admin, {
      name: 'glaserei',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: COMPANY_MESSAGES.specialtyTaken('Glaserei') });
    const unknown = await inject('PATCH', ADMIN_COMPANIES_API.specialty(999999), w.as.admin, { name: 'X' });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await inject('PATCH', ADMIN_COMPANIES_API.specialty(specialty.id), w.as.jan, {})).statusCode,
    ).toBe(403);
  });

  it('should delete a specialty, taking it from its companies and their search text', async () => {
    const created = await inject('POST', ADMIN_COMPANIES_API.specialties, w.as.admin, {
      name: 'Glasbläserei',
    });
    const specialty = created.json<TSpecialty>();
    const company = await createCompany(w, { name: 'Bläser & Co', specialtyIds: [specialty.id] });
    const removed = await inject('DELETE', ADMIN_COMPANIES_API.specialty(specialty.id), w.as.admin);
    expect(removed.statusCode).toBe(204);
    expect((await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.jan)).specialties).toEqual([]);
    const page = await w.json<TCompanyPage>(`${COMPANIES_API.list}?q=glasblaeserei`, w.as.jan);
    expect(page.items).toEqual([]);
    const again = await inject('DELETE', ADMIN_COMPANIES_API.specialty(specialty.id), w.as.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: COMPANY_MESSAGES.specialtyUnknown });
  });
});

describe('members and deletion', () => {
  it('should unlink a member, and answer 404 for one who is not in the company', async () => {
    const company = await createCompany(w, { name: 'Trenn Glas GmbH' });
    const jan = await userId('jan');
    expect(
      (await inject('PUT', ADMIN_COMPANIES_API.member(company.id, jan), w.as.admin, {})).statusCode,
    ).toBe(204);
    expect((await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.jan)).contacts).toHaveLength(1);
    const unlinked = await inject('DELETE', ADMIN_COMPANIES_API.member(company.id, jan), w.as.admin);
    expect(unlinked.statusCode).toBe(204);
    expect((await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.jan)).contacts).toEqual([]);
    const again = await inject('DELETE', ADMIN_COMPANIES_API.member(company.id, jan), w.as.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: COMPANY_MESSAGES.contactUnknown });
    expect((await inject('DELETE', ADMIN_COMPANIES_API.member(company.id, jan), w.as.jan)).statusCode).toBe(
      403,
    );
  });

  it('should delete a company with its logo and search entry, keeping its members', async () => {
    const company = await createCompany(w, { name: 'Abriss Glas AG', city: 'Bremen' });
    const jan = await userId('jan');
    await inject('PUT', ADMIN_COMPANIES_API.member(company.id, jan), w.as.admin, {});
    const logo = await putLogo(company.id, w.as.admin, {
      filename: 'l.png',
      data: fixture('images/logo.png'),
    });
    expect(logoFiles()).toContain(keyOf(logo.json<TCompany>().logo));
    expect((await inject('DELETE', ADMIN_COMPANIES_API.byId(company.id), w.as.jan)).statusCode).toBe(403);

    const removed = await inject('DELETE', ADMIN_COMPANIES_API.byId(company.id), w.as.admin);
    expect(removed.statusCode).toBe(204);
    expect((await inject('GET', COMPANIES_API.byId(company.id), w.as.jan)).statusCode).toBe(404);
    expect(logoFiles()).not.toContain(keyOf(logo.json<TCompany>().logo));
    const hits = await w.json<TSearchResult>('/api/search?q=abriss&type=company', w.as.jan);
    expect(hits.hits).toEqual([]);
    const user = await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', jan)
      .executeTakeFirst();
    expect(user?.id).toBe(jan);
    const again = await inject('DELETE', ADMIN_COMPANIES_API.byId(company.id), w.as.admin);
    expect(again.statusCode).toBe(404);
  });
});

describe('two admins at once', () => {
  it('should create a name once and answer the other 409 in German, never 500', async () => {
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        inject('POST', ADMIN_COMPANIES_API.create, w.as.admin, { name: `Zwilling Glas ${round} GmbH` }),
        inject('POST', ADMIN_COMPANIES_API.create, w.as.admin2, { name: `zwilling  glas ${round} gmbh` }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(refused?.json<{ detail: string }>().detail).toMatch(/^Eine Firma „.+“ gibt es schon\.$/);
    }
    const specialties = await Promise.all(
      [w.as.admin, w.as.admin2].map((headers) =>
        inject('POST', ADMIN_COMPANIES_API.specialties, headers, { name: 'Doppelverglasung' }),
      ),
    );
    expect(specialties.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('should answer a rename onto a name taken at the same moment with 409', async () => {
    const a = await createCompany(w, { name: 'Erste Umbenennung' });
    const b = await createCompany(w, { name: 'Zweite Umbenennung' });
    const answers = await Promise.all([
      inject('PATCH', COMPANIES_API.byId(a.id), w.as.admin, { name: 'Gleicher Name GmbH' }),
      inject('PATCH', COMPANIES_API.byId(b.id), w.as.admin2, { name: 'Gleicher Name GmbH' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      detail: COMPANY_MESSAGES.nameTaken('Gleicher Name GmbH'),
    });
  });
});

describe('OpenAPI', () => {
  it('should list every companies route with its methods', async () => {
    const { paths } = await w.json<{ paths: Record<string, Record<string, unknown>> }>('/api/docs/json', {});
    const listed = Object.entries(paths)
      .filter(([path]) => path.includes('compan'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(listed).toEqual(
      [
        'GET /api/companies',
        'GET /api/companies/specialties',
        'GET /api/companies/{id}',
        'PATCH /api/companies/{id}',
        'PUT /api/companies/{id}/logo',
        'DELETE /api/companies/{id}/logo',
        'GET /api/companies/{id}/contacts/{contact}',
        'GET /api/account/company',
        'PATCH /api/account/company',
        'POST /api/admin/companies',
        'DELETE /api/admin/companies/{id}',
        'PUT /api/admin/companies/{id}/members/{userId}',
        'DELETE /api/admin/companies/{id}/members/{userId}',
        'GET /api/admin/companies/specialties',
        'POST /api/admin/companies/specialties',
        'PATCH /api/admin/companies/specialties/{id}',
        'DELETE /api/admin/companies/specialties/{id}',
        'GET /api/admin/companies/review',
        'POST /api/admin/companies/review',
        'POST /api/admin/companies/import',
        'GET /api/admin/companies/export',
      ].sort(),
    );
  });
});
