import {
  ADMIN_COMPANIES_API,
  COMPANIES_API,
  type TCompany,
  type TCompanyImportResult,
  type TCompanyPage,
  type TCompanyProposal,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixture, type World } from '../helpers/world.ts';

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'dora', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'Glaserei Böhm GmbH' },
  { username: 'emil', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'glaserei  boehm gmbh' },
  { username: 'fritz', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'Spiegel Fritz' },
  { username: 'gerd', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'Spiegel-Fritz e.K.' },
  { username: 'hans', role: 'ROLE_USER', groups: ['Mitglieder'], company: 'Hans Glas' },
] as const;

let w: World<(typeof USERS)[number]['username']>;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
});
afterAll(() => w.t.close());

const companyCount = async () =>
  Number(
    (
      await w.t.database.db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const upload = (data: Buffer | string, dryRun: boolean) =>
  w.postMultipart(`${ADMIN_COMPANIES_API.import}${dryRun ? '?dryRun=true' : ''}`, w.as.admin, {
    file: { filename: 'firmen.csv', data, type: 'text/csv' },
  });

describe('review of company texts', () => {
  it('should propose one company per folded name with its spellings, and create nothing before applying', async () => {
    const response = await w.app.inject({ url: ADMIN_COMPANIES_API.review, headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    const proposals = response.json<TCompanyProposal[]>();
    const boehm = proposals.find((p) => p.key === 'glasereiboehmgmbh');
    expect(boehm?.members.map((m) => m.username).sort()).toEqual(['dora', 'emil']);
    expect(boehm?.spellings.map((s) => s.text).sort()).toEqual(['Glaserei Böhm GmbH', 'glaserei boehm gmbh']);
    expect(boehm?.name).toBe('Glaserei Böhm GmbH');
    // the admin's own company text ('Glas GmbH') is the fifth
    expect(proposals).toHaveLength(5);
    expect(await companyCount()).toBe(0);
  });

  it('should refuse an unknown proposal or a bad merge with 400 and write nothing', async () => {
    const bad = await w.app.inject({
      method: 'POST',
      url: ADMIN_COMPANIES_API.review,
      headers: w.as.admin,
      payload: {
        decisions: [
          { key: 'glasereiboehmgmbh', action: 'accept' },
          { key: 'gibtsnicht', action: 'accept' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('gibt es nicht');
    const merge = await w.app.inject({
      method: 'POST',
      url: ADMIN_COMPANIES_API.review,
      headers: w.as.admin,
      payload: {
        decisions: [
          { key: 'spiegelfritz', action: 'merge', into: 'hansglas' },
          { key: 'hansglas', action: 'skip' },
        ],
      },
    });
    expect(merge.statusCode).toBe(400);
    expect(await companyCount()).toBe(0);
  });

  it('should accept, rename, merge and skip in one go', async () => {
    const response = await w.app.inject({
      method: 'POST',
      url: ADMIN_COMPANIES_API.review,
      headers: w.as.admin,
      payload: {
        decisions: [
          { key: 'glasereiboehmgmbh', action: 'accept' },
          { key: 'spiegel-fritze.k.', action: 'rename', name: 'Spiegel Fritz e.K.' },
          { key: 'spiegelfritz', action: 'merge', into: 'spiegel-fritze.k.' },
          { key: 'hansglas', action: 'skip' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 2, linked: 4, skipped: 1 });
    const page = await w.json<TCompanyPage>(COMPANIES_API.list, w.as.dora);
    expect(page.items.map((c) => c.name)).toEqual(['Glaserei Böhm GmbH', 'Spiegel Fritz e.K.']);
    const left = await w.json<TCompanyProposal[]>(ADMIN_COMPANIES_API.review, w.as.admin);
    expect(left.map((p) => p.key)).toEqual(['glasgmbh', 'hansglas']);
  });
});

describe('import', () => {
  it('should preview a Windows-1252 file with each row outcome and write nothing', async () => {
    const before = await companyCount();
    const response = await upload(fixture('companies/firmen-cp1252.csv'), true);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TCompanyImportResult>();
    expect(result.rows.map((r) => [r.line, r.company, r.outcome])).toEqual([
      [2, 'Glaserei Böhm GmbH', 'changed'],
      [3, 'Glaserei Böhm GmbH', 'changed'],
      [4, 'Fassaden Weiß & Söhne KG', 'new'],
      [5, 'Isolierglas Nord GmbH', 'new'],
    ]);
    expect(await companyCount()).toBe(before);
  });

  it('should apply in one transaction, and change nothing when the same file comes again', async () => {
    const applied = await upload(fixture('companies/firmen-cp1252.csv'), false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<TCompanyImportResult>().applied).toBe(true);
    const page = await w.json<TCompanyPage>(`${COMPANIES_API.list}?q=dresden`, w.as.dora);
    expect(page.items.map((c) => [c.name, c.state, c.specialties.map((s) => s.name)])).toEqual([
      ['Fassaden Weiß & Söhne KG', 'SN', ['Fassadenbau']],
    ]);
    const boehm = (await w.json<TCompanyPage>(`${COMPANIES_API.list}?q=boehm`, w.as.dora)).items[0];
    const company = await w.json<TCompany>(COMPANIES_API.byId(boehm?.id ?? 0), w.as.dora);
    expect(company.city).toBe('Nürnberg');
    expect(company.contacts.map((c) => [c.username, c.function, c.mainContact])).toEqual([
      ['dora', 'Geschäftsführung', true],
      ['emil', 'Vertrieb', false],
    ]);
    const audit = await w.t.database.db.selectFrom('auditLog').select('id').execute();
    const again = await upload(fixture('companies/firmen-cp1252.csv'), false);
    expect(again.json<TCompanyImportResult>().counts).toMatchObject({ new: 0, changed: 0, unchanged: 4 });
    expect((await w.json<TCompany>(COMPANIES_API.byId(company.id), w.as.dora)).version).toBe(company.version);
    // only the import's own entry is added
    expect((await w.t.database.db.selectFrom('auditLog').select('id').execute()).length).toBe(
      audit.length + 1,
    );
  });

  it('should read UTF-8 with commas, and refuse a file with errors by line, writing nothing', async () => {
    const text =
      'Firma,PLZ,Ort,Bundesland,Schwerpunkte,Benutzername,Funktion\n' +
      'Neue Glas GmbH,12345,Berlin,Berlin,Glaserei,,\n' +
      ',12345,Berlin,BE,,,\n' +
      'Andere GmbH,1234,Bonn,Narnia,Zauberei,niemand,Chef\n';
    const preview = await upload(`\uFEFF${text}`, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<TCompanyImportResult>().rows;
    expect(rows.map((r) => r.outcome)).toEqual(['new', 'error', 'error']);
    expect(rows[1]?.message).toContain('Name der Firma fehlt');
    expect(rows[2]?.message).toContain('Narnia');
    expect(rows[2]?.message).toContain('Zauberei');
    expect(rows[2]?.message).toContain('niemand');
    expect(rows[2]?.message).toContain('PLZ');
    const before = await companyCount();
    const applied = await upload(text, false);
    expect(applied.statusCode).toBe(400);
    expect(applied.json<{ detail: string; errors: Record<string, string> }>().errors).toHaveProperty(
      'Zeile 3',
    );
    expect(await companyCount()).toBe(before);
  });

  it('should export the same format, which imports back unchanged', async () => {
    const response = await w.app.inject({ url: ADMIN_COMPANIES_API.export, headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = response.rawPayload.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFFirma;Mitgliedsnummer;Straße;PLZ;Ort;Bundesland;Website;Telefon;E-Mail;Beschreibung;Schwerpunkte;Benutzername;Funktion;Hauptansprechpartner',
    );
    expect(text).toContain('Fassaden Weiß & Söhne KG');
    const again = await upload(response.rawPayload, true);
    const counts = again.json<TCompanyImportResult>().counts;
    expect(counts).toMatchObject({ new: 0, changed: 0, error: 0 });
  });

  it('should escape formula cells in the export', async () => {
    await w.app.inject({
      method: 'POST',
      url: ADMIN_COMPANIES_API.create,
      headers: w.as.admin,
      payload: { name: '=HYPERLINK("x")' },
    });
    const text = (await w.app.inject({ url: ADMIN_COMPANIES_API.export, headers: w.as.admin })).body;
    expect(text).toContain(`'=HYPERLINK`);
  });
});
