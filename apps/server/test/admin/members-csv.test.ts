import { ADMIN_API, ADMIN_MESSAGES, MEMBERS_CSV_HEADER } from '@portal/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { call, eraseMember, headersOf, REFUSED } from './admin-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
  const formel = await createUser(w.app, {
    username: 'formel',
    email: 'formel@example.de',
    company: '=HYPERLINK("http://böse.example")',
    groups: ['Mitglieder', 'Partner'],
  });
  await w.t.database.db
    .updateTable('users')
    .set({ lastLoginAt: new Date('2026-07-01T22:30:00Z') })
    .where('id', '=', formel.id)
    .execute();
  await createUser(w.app, { username: 'minus', company: '-2+3', role: 'ROLE_PARTNER', groups: [] });
  await createUser(w.app, { username: 'semikolon', company: 'Glas; Fenster "Nord"', groups: [] });
  await createUser(w.app, { username: 'gesperrt', company: '@Firma' });
  await createUser(w.app, { username: 'vollbreit', company: '＠Firma', groups: [] });
  await createUser(w.app, { username: 'unsichtbar', company: '\uFEFF=1+1', groups: [] });
  await w.app.accounts.setDisabled('gesperrt', true);
  await eraseMember(w, (await createUser(w.app, { username: 'vergessen' })).id);
});
afterAll(() => w.close());

async function csv(query = ''): Promise<{ text: string; rows: string[][] }> {
  const response = await call(w, 'GET', `${ADMIN_API.membersCsv}${query}`, w.as.admin);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toContain('attachment; filename="mitglieder.csv"');
  const text = response.rawPayload.toString('utf8');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trimEnd(), { delimiter: ';' });
  return { text, rows: parsed.data };
}

describe('GET /api/admin/members.csv', () => {
  it('should write every member as German Excel reads it, formula cells escaped', async () => {
    const { text, rows } = await csv();
    expect(
      text.startsWith('\uFEFFBenutzername;E-Mail;Firma;Rolle;Gruppen;Letzte Anmeldung;Gesperrt\r\n'),
    ).toBe(true);
    expect(rows[0]).toEqual([...MEMBERS_CSV_HEADER]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'admin',
      'beide',
      'chef',
      'formel',
      'gesperrt',
      'minus',
      'mitglied',
      'partner',
      'semikolon',
      'unsichtbar',
      'vollbreit',
    ]);
    const byName = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byName.get('formel')).toEqual([
      'formel',
      'formel@example.de',
      `'=HYPERLINK("http://böse.example")`,
      'Mitglied',
      'Mitglieder, Partner',
      // 22:30 UTC on 1 July is 00:30 on 2 July in German summer time
      '02.07.2026, 00:30',
      'nein',
    ]);
    expect(byName.get('minus')?.slice(2, 5)).toEqual(["'-2+3", 'Partner', '']);
    expect(byName.get('gesperrt')?.[2]).toBe("'@Firma");
    // issue 30: full-width signs and formulas behind an invisible character
    expect(byName.get('vollbreit')?.[2]).toBe("'＠Firma");
    expect(byName.get('unsichtbar')?.[2]).toBe("'\uFEFF=1+1");
    expect(byName.get('gesperrt')?.[6]).toBe('ja');
    expect(byName.get('semikolon')?.[2]).toBe('Glas; Fenster "Nord"');
    expect(byName.get('admin')?.[3]).toBe('Administrator');
    expect(text).not.toContain('vergessen');
    expect(text).not.toContain('Ehemaliges Mitglied');
  });

  it('should apply the filters of the list', async () => {
    const names = async (query: string) => (await csv(query)).rows.slice(1).map((row) => row[0]);
    expect(await names('?disabled=true')).toEqual(['gesperrt']);
    expect(await names('?role=ROLE_PARTNER')).toEqual(['minus', 'partner']);
    expect(await names(`?group=${w.groups.partner}&q=form`)).toEqual(['formel']);
    expect(await names('?q=niemand')).toEqual([]);
  });

  it('should read more members than one batch holds, each exactly once', async () => {
    const now = new Date();
    const values = Array.from({ length: 2_345 }, (_, n) => {
      const name = `massen${String(n).padStart(5, '0')}`;
      return {
        username: name,
        usernameKey: name,
        searchKey: `${name} massenfirma`,
        role: 'ROLE_USER',
        createdAt: now,
        updatedAt: now,
      };
    });
    for (let start = 0; start < values.length; start += 400) {
      await w.t.database.db
        .insertInto('users')
        .values(values.slice(start, start + 400))
        .execute();
    }
    const { rows } = await csv('?q=massenfirma');
    expect(rows.slice(1).map((row) => row[0])).toEqual(values.map((value) => value.username));
  });

  it('should refuse bad filters with 400 and a German detail', async () => {
    const response = await call(w, 'GET', `${ADMIN_API.membersCsv}?disabled=vielleicht`, w.as.admin);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.filterInvalid,
      errors: { disabled: ADMIN_MESSAGES.filterInvalid },
    });
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const response = await call(w, 'GET', ADMIN_API.membersCsv, headersOf(w, who));
    expect(response.statusCode).toBe(status);
  });
});
