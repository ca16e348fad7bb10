import { CONTENT_API, CONTENT_MESSAGES, MESSAGES, type TContentItem } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../categories/category-helpers.ts';
import { createWorld, keyOf, storedFiles, type World } from '../helpers/world.ts';
import { createItem, listContent, saveContent, tableCounts } from './content-helpers.ts';
import { csvFixture, FIXTURE_TABLES } from './csv-fixtures.ts';

let w: World;
let normen: number;
let technik: number;
beforeAll(async () => {
  w = await createWorld();
  technik = await createCategory(w, { name: 'Technik' });
  normen = await createCategory(w, { name: 'Normen', parentId: technik });
});
afterAll(() => w.t.close());

const upload = (name: string) => ({ filename: name, data: csvFixture(name) });

describe('POST /api/content/ with each CSV fixture', () => {
  it.each(Object.entries(FIXTURE_TABLES))(
    'should store %s and return its exact cells',
    async (name, table) => {
      const response = await saveContent(w, w.as.admin, { title: name, categories: [normen] }, upload(name));
      expect(response.statusCode).toBe(200);
      const item = response.json<TContentItem>();
      expect(item).toMatchObject({
        title: name,
        categories: [normen],
        csvFile: name,
        csvRowCount: table.rows.length,
        csvContent: [table.header, ...table.rows],
        position: 999,
      });
      const listed = (await listContent(w, w.as.mitglied, normen)).find((entry) => entry.id === item.id);
      expect(listed?.csvContent).toEqual([table.header, ...table.rows]);
    },
  );

  it('should offer the table as a UTF-8 download with formulas escaped, through a signed URL', async () => {
    const item = await createItem(w, { categories: [normen] }, upload('mitglieder-utf8-bom.csv'));
    const download = await w.app.inject({ url: item.csvUrl ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = download.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFFirma;Ort;Ansprechpartner;E-Mail\r\n')).toBe(true);
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"")";Berlin');
    expect(storedFiles(w.t)).toContain(keyOf(item.csvUrl));
  });
});

describe('POST /api/content/ (fields)', () => {
  it('should sanitise the rich texts and keep the given position', async () => {
    const item = await createItem(w, {
      title: '  Hinweise ',
      categories: [normen, technik],
      position: 2,
      preText: '<p onclick="x()">Vorab <a href="javascript:alert(1)">Link</a></p><script>alert(1)</script>',
      postText: '<p></p>',
    });
    expect(item).toMatchObject({
      title: 'Hinweise',
      preText: '<p>Vorab <a>Link</a></p>',
      postText: null,
      categories: [technik, normen].sort((a, b) => a - b),
      position: 2,
      csvFile: null,
      csvUrl: null,
      csvContent: null,
      csvRowCount: 0,
    });
  });

  it('should keep the table when an update sends no file and replace it when one is sent', async () => {
    const item = await createItem(w, { categories: [normen] }, upload('veranstaltungen-tab.csv'));
    const kept = await saveContent(w, w.as.admin, { ...item, title: 'Umbenannt' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      title: 'Umbenannt',
      csvFile: 'veranstaltungen-tab.csv',
      csvRowCount: 3,
    });
    const oldKey = keyOf(item.csvUrl);
    const replaced = await saveContent(w, w.as.admin, item, upload('preisliste-excel-cp1252.csv'));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ csvFile: 'preisliste-excel-cp1252.csv', csvRowCount: 5 });
    expect(storedFiles(w.t)).not.toContain(oldKey);
    expect(storedFiles(w.t)).toContain(keyOf(replaced.json<TContentItem>().csvUrl));
  });

  it('should serve only the newest table after replacing it twice, keeping no row of the others', async () => {
    const item = await createItem(w, { categories: [normen] }, upload('veranstaltungen-tab.csv'));
    const before = await tableCounts(w.t);
    for (const [name, table] of [
      ['preisliste-excel-cp1252.csv', FIXTURE_TABLES['preisliste-excel-cp1252.csv']],
      ['mitglieder-utf8-bom.csv', FIXTURE_TABLES['mitglieder-utf8-bom.csv']],
    ] as const) {
      const replaced = await saveContent(w, w.as.admin, item, upload(name));
      expect(replaced.statusCode).toBe(200);
      const rows = await w.app.inject({ url: CONTENT_API.rows(item.id), headers: w.as.mitglied });
      expect(rows.json()).toMatchObject({ total: table?.rows.length, rows: table?.rows });
      expect((await tableCounts(w.t)).rows).toBe(before.rows - 3 + (table?.rows.length ?? 0));
    }
  });

  it('should remove the table, its rows and its file when csvFile is null', async () => {
    const item = await createItem(w, { categories: [normen] }, upload('mitglieder-utf8-bom.csv'));
    const before = await tableCounts(w.t);
    const response = await saveContent(w, w.as.admin, { ...item, csvFile: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ csvFile: null, csvUrl: null, csvContent: null, csvRowCount: 0 });
    expect((await tableCounts(w.t)).rows).toBe(before.rows - 4);
    expect(storedFiles(w.t)).not.toContain(keyOf(item.csvUrl));
  });

  it('should keep the original name without a path and ignore an empty file input', async () => {
    const named = await createItem(
      w,
      { categories: [normen] },
      { filename: 'C:\\fakepath\\liste.csv', data: 'a;b\n1;2' },
    );
    expect(named.csvFile).toBe('liste.csv');
    const none = await createItem(
      w,
      { categories: [normen] },
      { filename: '', data: '', type: 'application/octet-stream' },
    );
    expect(none.csvFile).toBeNull();
  });

  it('should answer 404 when updating an unknown item', async () => {
    const response = await saveContent(w, w.as.admin, { id: 987654, title: 'X', categories: [normen] });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/content/ (refusals leave nothing behind)', () => {
  const refuse = async (
    content: Parameters<typeof saveContent>[2],
    file: Parameters<typeof saveContent>[3],
    status: number,
    body: object,
    headers: Record<string, string> = w.as.admin,
  ) => {
    const counts = await tableCounts(w.t);
    const files = storedFiles(w.t);
    const response = await saveContent(w, headers, content, file);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(body);
    expect(await tableCounts(w.t)).toEqual(counts);
    expect(storedFiles(w.t)).toEqual(files);
  };

  it('should name a missing title and missing categories in German', async () => {
    await refuse({ categories: [normen] }, undefined, 400, {
      detail: 'Titel ist ein Pflichtfeld.',
      errors: { 'content.title': 'Titel ist ein Pflichtfeld.' },
    });
    await refuse({ title: '   ', categories: [] }, upload('mitglieder-utf8-bom.csv'), 400, {
      errors: {
        'content.title': 'Titel ist ein Pflichtfeld.',
        'content.categories': 'Kategorie ist ein Pflichtfeld.',
      },
    });
  });

  it('should refuse an unknown category and a content field that is no JSON', async () => {
    await refuse({ title: 'X', categories: [normen, 987654] }, upload('mitglieder-utf8-bom.csv'), 400, {
      errors: { 'content.categories': CONTENT_MESSAGES.unknownCategory },
    });
    await refuse('{"title":', undefined, 400, {
      errors: { content: 'Die Formulardaten sind kein gültiges JSON.' },
    });
  });

  it('should refuse a file that is no CSV with 415', async () => {
    await refuse(
      { title: 'Bild', categories: [normen] },
      { ...upload('not-a-csv.csv'), type: 'text/csv' },
      415,
      {
        detail: 'Die Datei muss eine CSV-Datei sein.',
      },
    );
  });

  it('should refuse a CSV with an unclosed quote with 400', async () => {
    await refuse({ title: 'Kaputt', categories: [normen] }, { filename: 'k.csv', data: 'a;b\n"1;2\n' }, 400, {
      errors: { csvFile: CONTENT_MESSAGES.csvUnclosedQuote },
    });
  });

  /** Makes the database fail on any table row containing BOOM. */
  const boomTrigger = async () => {
    const db = w.t.database.db;
    if (w.t.database.kind === 'sqlite') {
      await sql`create trigger boom before insert on content_item_rows when new.cells like '%BOOM%'
        begin select raise(abort, 'boom'); end`.execute(db);
    } else {
      await sql`create or replace function boom() returns trigger language plpgsql as $$
        begin if new.cells like '%BOOM%' then raise exception 'boom'; end if; return new; end $$`.execute(db);
      await sql`create trigger boom before insert on content_item_rows for each row execute function boom()`.execute(
        db,
      );
    }
  };
  const dropBoomTrigger = () =>
    sql`drop trigger boom${sql.raw(w.t.database.kind === 'sqlite' ? '' : ' on content_item_rows')}`.execute(
      w.t.database.db,
    );

  it('should leave no row and no file when the database fails after the file was stored', async () => {
    await boomTrigger();
    try {
      await refuse(
        { title: 'Absturz', categories: [normen] },
        { filename: 'b.csv', data: 'a;b\n1;2\nBOOM;3\n' },
        500,
        {
          detail: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
        },
      );
    } finally {
      await dropBoomTrigger();
    }
  });

  it('should keep the old table whole when storing its replacement fails', async () => {
    const item = await createItem(w, { categories: [normen] }, upload('preisliste-excel-cp1252.csv'));
    await boomTrigger();
    try {
      await refuse(item, { filename: 'b.csv', data: `a;b\n${'1;2\n'.repeat(3000)}BOOM;3\n` }, 500, {
        detail: MESSAGES.internal,
      });
    } finally {
      await dropBoomTrigger();
    }
    const rows = await w.app.inject({ url: CONTENT_API.rows(item.id), headers: w.as.mitglied });
    expect(rows.json()).toMatchObject({
      total: 5,
      rows: FIXTURE_TABLES['preisliste-excel-cp1252.csv']?.rows,
    });
    expect((await listContent(w, w.as.mitglied, normen)).find((entry) => entry.id === item.id)).toEqual(item);
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    const content = { title: 'X', categories: [normen] };
    for (const headers of [w.as.mitglied, w.as.partner]) {
      await refuse(content, upload('mitglieder-utf8-bom.csv'), 403, { detail: MESSAGES.forbidden }, headers);
    }
    await refuse(content, upload('mitglieder-utf8-bom.csv'), 401, { detail: MESSAGES.unauthorized }, {});
  });
});
