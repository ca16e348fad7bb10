import {
  ADMIN_COMPANIES_API,
  AUTH_MESSAGES,
  COMPANIES_API,
  COMPANY_MESSAGES,
  type TCompany,
  type TCompanyImportResult,
  type TMyCompany,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_API_KEY } from '../helpers/test-app.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';
import { createCompany } from './company-helpers.ts';

// The host website's login call names the member's company (issue 36 point 5): by the office's member number
// first, then by the folded name; a name no company has creates one.

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'chefin', role: 'ROLE_USER', groups: ['Mitglieder'] },
] as const;

let w: World<(typeof USERS)[number]['username']>;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
});
afterAll(() => w.t.close());

const hostLogin = (payload: Record<string, unknown>) =>
  w.app.inject({
    method: 'POST',
    url: '/external/generate/login',
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
    payload,
  });

async function companyOf(username: string): Promise<TMyCompany['company']> {
  return (await w.json<TMyCompany>(COMPANIES_API.mine, await w.login(username))).company;
}

const companiesNamed = (key: string) =>
  w.t.database.db.selectFrom('companies').selectAll().where('nameKey', '=', key).execute();

describe('POST /external/generate/login with a company', () => {
  it('should create a company by name and link the next member of that name (folded) to it', async () => {
    const first = await hostLogin({
      username: 'neu1',
      companyName: 'Neuglas Werk GmbH',
      roles: ['ROLE_USER'],
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await hostLogin({
      username: 'neu2',
      companyName: 'neuglas  werk gmbh',
      roles: ['ROLE_USER'],
    });
    expect(second.statusCode).toBe(200);
    const rows = await companiesNamed('neuglaswerkgmbh');
    expect(rows.map((row) => row.name)).toEqual(['Neuglas Werk GmbH']);
    expect(await companyOf('neu1')).toEqual({ id: rows[0]?.id, name: 'Neuglas Werk GmbH' });
    expect(await companyOf('neu2')).toEqual({ id: rows[0]?.id, name: 'Neuglas Werk GmbH' });
    // found in the directory and the search as any company
    const hits = await w.json<{ hits: { title: string }[] }>(
      '/api/search?q=neuglas&type=company',
      w.as.chefin,
    );
    expect(hits.hits.map((hit) => hit.title)).toEqual(['Neuglas Werk GmbH']);
  });

  it('should find a company by its number before its name, and set the number on a company found by name', async () => {
    const numbered = await createCompany(w, { name: 'Nummer Glas AG', number: 'M-1001' });
    const byNumber = await hostLogin({
      username: 'nr1',
      companyNumber: 'M-1001',
      companyName: 'Ganz Anders KG',
    });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect((await companyOf('nr1'))?.id).toBe(numbered.id);
    expect(await companiesNamed('ganzanderskg')).toEqual([]);

    const named = await createCompany(w, { name: 'Ohne Nummer GmbH' });
    const setting = await hostLogin({
      username: 'nr2',
      companyNumber: 'M-2002',
      companyName: 'ohne nummer gmbh',
    });
    expect(setting.statusCode).toBe(200);
    const after = await w.json<TCompany>(COMPANIES_API.byId(named.id), w.as.admin);
    expect(after.number).toBe('M-2002');
    expect((await companyOf('nr2'))?.id).toBe(named.id);
  });

  it('should move a member to the company a later login names', async () => {
    await hostLogin({ username: 'wechsler', companyName: 'Alte Firma GmbH' });
    await hostLogin({ username: 'wechsler', companyName: 'Neue Firma GmbH' });
    expect((await companyOf('wechsler'))?.name).toBe('Neue Firma GmbH');
    const old = await companiesNamed('altefirmagmbh');
    expect(old).toHaveLength(1);
    const page = await w.json<TCompany>(COMPANIES_API.byId(old[0]?.id ?? 0), w.as.admin);
    expect(page.contacts).toEqual([]);
  });

  it('should refuse an unknown number without a name, and bad values, writing nothing', async () => {
    const before = await rowCounts(w.t, ['users', 'companies', 'companyMembers']);
    const unknown = await hostLogin({ username: 'niemand', companyNumber: 'X-999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ detail: COMPANY_MESSAGES.numberUnknown('X-999') });
    const spaced = await hostLogin({ username: 'niemand', companyNumber: 'X 999' });
    expect(spaced.statusCode).toBe(400);
    expect(JSON.stringify(spaced.json())).toContain(AUTH_MESSAGES.companyNumber);
    const long = await hostLogin({ username: 'niemand', companyName: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain(AUTH_MESSAGES.companyName);
    expect(await rowCounts(w.t, ['users', 'companies', 'companyMembers'])).toEqual(before);
  });

  it('should create a new company once when two colleagues log in at the same moment', async () => {
    const answers = await Promise.all(
      ['gleich1', 'gleich2', 'gleich3'].map((username) =>
        hostLogin({ username, companyName: 'Gleichzeitig Glas GmbH' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const rows = await companiesNamed('gleichzeitigglasgmbh');
    expect(rows).toHaveLength(1);
    for (const username of ['gleich1', 'gleich2', 'gleich3'])
      expect((await companyOf(username))?.id).toBe(rows[0]?.id);
  });
});

describe('the member number', () => {
  it('should be set by admins only, unique, and refused when malformed', async () => {
    const company = await createCompany(w, { name: 'Nummernprobe GmbH' });
    const chefin = (
      await w.t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'chefin')
        .executeTakeFirstOrThrow()
    ).id;
    await w.app.inject({
      method: 'PUT',
      url: ADMIN_COMPANIES_API.member(company.id, chefin),
      headers: w.as.admin,
      payload: { mainContact: true },
    });
    const patch = (headers: Record<string, string>, payload: object) =>
      w.app.inject({ method: 'PATCH', url: COMPANIES_API.byId(company.id), headers, payload });
    const byMain = await patch(w.as.chefin, { number: 'M-7' });
    expect(byMain.statusCode).toBe(403);
    expect(byMain.json()).toMatchObject({ detail: COMPANY_MESSAGES.numberAdminsOnly });
    expect((await patch(w.as.chefin, { city: 'Ulm' })).statusCode).toBe(200);
    const byAdmin = await patch(w.as.admin, { number: 'M-7' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json<TCompany>().number).toBe('M-7');
    const other = await createCompany(w, { name: 'Zweite Nummernprobe' });
    const taken = await w.app.inject({
      method: 'PATCH',
      url: COMPANIES_API.byId(other.id),
      headers: w.as.admin,
      payload: { number: 'M-7' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: COMPANY_MESSAGES.numberTaken('M-7', 'Nummernprobe GmbH') });
    const bad = await patch(w.as.admin, { number: 'M 7!' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(COMPANY_MESSAGES.number);
  });

  it("should travel in the import and export as 'Mitgliedsnummer'", async () => {
    const csv = 'Firma;Mitgliedsnummer;Ort\nImport Nummer GmbH;M-9001;Kiel\nDoppelt GmbH;M-7;Kiel\n';
    const preview = await w.postMultipart(`${ADMIN_COMPANIES_API.import}?dryRun=true`, w.as.admin, {
      file: { filename: 'f.csv', data: csv, type: 'text/csv' },
    });
    expect(preview.statusCode).toBe(200);
    const rows = preview.json<TCompanyImportResult>().rows;
    expect(rows.map((row) => row.outcome)).toEqual(['new', 'error']);
    expect(rows[1]?.message).toContain('M-7');
    const good = await w.postMultipart(ADMIN_COMPANIES_API.import, w.as.admin, {
      file: {
        filename: 'f.csv',
        data: 'Firma;Mitgliedsnummer\nImport Nummer GmbH;M-9001\n',
        type: 'text/csv',
      },
    });
    expect(good.statusCode, good.body).toBe(200);
    const exported = await w.app.inject({ url: ADMIN_COMPANIES_API.export, headers: w.as.admin });
    const lines = exported.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.split(';').slice(0, 2)).toEqual(['Firma', 'Mitgliedsnummer']);
    expect(lines.some((line) => line.startsWith('Import Nummer GmbH;M-9001;'))).toBe(true);
  });

  it('should name the fields in the OpenAPI document of the login call', async () => {
    const doc = await w.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>(
      '/api/docs/json',
      {},
    );
    const body = JSON.stringify(doc.paths['/external/generate/login']?.post?.requestBody);
    for (const field of ['companyName', 'companyNumber', 'firstName', 'lastName'])
      expect(body).toContain(field);
  });
});
