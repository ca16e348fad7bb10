import { readdirSync } from 'node:fs';
import { CONTENT_MESSAGES, CSV_MAX_ROWS } from '@portal/contract';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readCsv, toCell } from '../../src/platform/csv/parse-csv.ts';
import { createCsvCopy, writeCsv } from '../../src/platform/csv/write-csv.ts';
import { CSV_FOLDER, csvFixture, FIXTURE_TABLES, NOT_CSV_FIXTURES } from './csv-fixtures.ts';

/** How often the event loop got to other work (a setImmediate chain) while `work` ran. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  const result = await work();
  running = false;
  return { result, turns };
}

/** 20,000 rows (about 1 MB) with quoted delimiters and a quoted line break in every 1,000th row. */
function mediumCsv(): string {
  const lines = ['Nummer;Text;Hinweis'];
  for (let i = 0; i < 20_000; i += 1) {
    lines.push(`${i};${i % 1000 === 0 ? '"zwei\r\nZeilen"' : `Zeile ${i}`};"mit; Trenner"`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const refusal = (data: Buffer) =>
  readCsv(data).then(
    () => undefined,
    (error: unknown) => error,
  );

describe('readCsv with the shared fixtures', () => {
  it('should know every fixture in the folder', () => {
    expect(readdirSync(CSV_FOLDER).sort()).toEqual(
      [...Object.keys(FIXTURE_TABLES), ...NOT_CSV_FIXTURES].sort(),
    );
  });

  it.each(Object.entries(FIXTURE_TABLES))('should read %s cell by cell', async (name, table) => {
    expect(await readCsv(csvFixture(name))).toEqual(table);
  });

  it.each(NOT_CSV_FIXTURES)('should refuse %s with 415', async (name) => {
    expect(await refusal(csvFixture(name))).toMatchObject({
      statusCode: 415,
      message: CONTENT_MESSAGES.csvType,
    });
  });
});

describe('readCsv with other exports', () => {
  it('should read Windows-1252 with commas and quoted quotes', async () => {
    const data = iconv.encode('Name,Zitat\r\n"Müller, Jörg","Er sagte ""Grüß Gott"""\r\n', 'windows-1252');
    expect(await readCsv(data)).toEqual({
      header: ['Name', 'Zitat'],
      rows: [['Müller, Jörg', 'Er sagte "Grüß Gott"']],
    });
  });

  it("should read UTF-16 with BOM (Excel's Unicode text) and UTF-8 without BOM", async () => {
    const text = 'Ort\tPLZ\nMünchen\t80331\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const expected = { header: ['Ort', 'PLZ'], rows: [['München', '80331']] };
    expect(await readCsv(utf16)).toEqual(expected);
    expect(await readCsv(Buffer.from(text, 'utf8'))).toEqual(expected);
  });

  it('should pad ragged rows, skip empty lines and keep a single column', async () => {
    expect(await readCsv(Buffer.from('a;b;c\n1\n\n;;\n2;3\n'))).toEqual({
      header: ['a', 'b', 'c'],
      rows: [
        ['1', '', ''],
        ['2', '3', ''],
      ],
    });
    expect(await readCsv(Buffer.from('Titel\nEins\nZwei'))).toEqual({
      header: ['Titel'],
      rows: [['Eins'], ['Zwei']],
    });
  });

  it('should refuse an empty file and an unclosed quote with 400', async () => {
    for (const data of [Buffer.alloc(0), Buffer.from(' \r\n\r\n')]) {
      expect(await refusal(data)).toMatchObject({ statusCode: 400, message: CONTENT_MESSAGES.csvEmpty });
    }
    expect(await refusal(Buffer.from('a;b\n"offen;x\n'))).toMatchObject({
      statusCode: 400,
      message: CONTENT_MESSAGES.csvUnclosedQuote,
    });
  });

  it('should refuse binary data, PDF and markup with 415', async () => {
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256).filter((b) => b !== 0));
    for (const data of [
      binary,
      Buffer.from('%PDF-1.7\n1 0 obj\n'),
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('a;b\n1;\u0000\n'),
    ]) {
      expect(await refusal(data)).toMatchObject({ statusCode: 415, message: CONTENT_MESSAGES.csvType });
    }
  });

  it('should refuse more columns than allowed with 413', async () => {
    expect(await refusal(Buffer.from(`${'x;'.repeat(600)}x\n`))).toMatchObject({ statusCode: 413 });
  });
});

describe('large files', () => {
  it('should read a large CSV in slices, letting other requests run in between', async () => {
    const { result, turns } = await turnsDuring(() => readCsv(Buffer.from(mediumCsv(), 'utf8')));
    expect(turns).toBeGreaterThan(10);
    expect(result.header).toEqual(['Nummer', 'Text', 'Hinweis']);
    expect(result.rows).toHaveLength(20_000);
    expect(result.rows[1000]).toEqual(['1000', 'zwei\r\nZeilen', 'mit; Trenner']);
    expect(result.rows[19_999]).toEqual(['19999', 'Zeile 19999', 'mit; Trenner']);
  });

  it('should read the same table in slices as at once, whatever the encoding', async () => {
    const text = mediumCsv();
    const windows1252 = await readCsv(iconv.encode(text.replaceAll('Zeile', 'Größe'), 'windows-1252'));
    expect(windows1252.rows[7]).toEqual(['7', 'Größe 7', 'mit; Trenner']);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(text.replaceAll('Zeile', 'Größe'), 'utf16le'),
    ]);
    expect(await readCsv(utf16)).toEqual(windows1252);
  });

  it('should read a quoted cell longer than a slice, line breaks and all', async () => {
    const long = `Anfang\r\n${'lang; "zitiert" '.repeat(20_000)}Ende`;
    const cell = `"${long.replaceAll('"', '""')}"`;
    const table = await readCsv(Buffer.from(`Nr;Text;Rest\r\n1;${cell};x\r\n2;kurz;y\r\n`, 'utf8'));
    expect(table.rows).toEqual([
      ['1', long, 'x'],
      ['2', 'kurz', 'y'],
    ]);
  });

  it('should refuse a row of over a million characters with 400 instead of reading it again and again', async () => {
    const data = Buffer.from(`a;b\n1;"offen${' und weiter'.repeat(110_000)}\n2;3\n`, 'utf8');
    expect(await refusal(data)).toMatchObject({ statusCode: 400, message: CONTENT_MESSAGES.csvRowTooLong });
  });

  it('should refuse more rows than allowed with 413', async () => {
    const data = Buffer.from(`Nr\n${'1\n'.repeat(CSV_MAX_ROWS + 1)}`);
    expect(await refusal(data)).toMatchObject({ statusCode: 413, message: CONTENT_MESSAGES.csvTooManyRows });
    expect((await readCsv(Buffer.from(`Nr\n${'1\n'.repeat(CSV_MAX_ROWS)}`))).rows).toHaveLength(CSV_MAX_ROWS);
  });

  it('should build the stored copy a slice at a time, byte for byte as at once', async () => {
    const table = await readCsv(Buffer.from(mediumCsv(), 'utf8'));
    const copy = createCsvCopy(table.header);
    for (let start = 0; start < table.rows.length; start += 700)
      copy.add(table.rows.slice(start, start + 700));
    expect((await copy.toBuffer()).equals(writeCsv(table.header, table.rows))).toBe(true);
  });
});

describe('link cells', () => {
  it('should turn [Titel](url) into a link for http(s), paths and relative media files only', () => {
    expect(toCell('[Datenblatt](https://example.org/a.pdf)')).toEqual({
      title: 'Datenblatt',
      url: 'https://example.org/a.pdf',
    });
    expect(toCell(' [ Plan ](/mediaLibrary/plan.pdf) ')).toEqual({
      title: 'Plan',
      url: '/mediaLibrary/plan.pdf',
    });
    expect(toCell('[Merkblatt](Dokumente/Merkblatt.pdf)')).toEqual({
      title: 'Merkblatt',
      url: 'Dokumente/Merkblatt.pdf',
    });
    for (const text of [
      '[x](../geheim.pdf)',
      '[x](Dokumente/../../a.pdf)',
      '[x](//evil.example/a.pdf)',
      '[x](Dokumente/ohne-endung)',
      '[x](javascript:alert(1))',
      '[x](data:text/html,y)',
      '[](https://a.b)',
      'Text [x](/a)',
      '[x](/a b)',
    ]) {
      expect(toCell(text)).toBe(text);
    }
  });
});

describe('writeCsv', () => {
  it('should write UTF-8 with BOM, semicolons and CRLF, links as [Titel](url) and formulas escaped', () => {
    const data = writeCsv(
      ['Name', 'Link'],
      [
        ['=HYPERLINK("http://evil.example")', { title: 'Datenblatt', url: '/a.pdf' }],
        ['+1;-2', '@SUM(A1)'],
      ],
    );
    expect(data.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(data.subarray(3).toString('utf8')).toBe(
      'Name;Link\r\n"\'=HYPERLINK(""http://evil.example"")";[Datenblatt](/a.pdf)\r\n"\'+1;-2";"\'@SUM(A1)"\r\n',
    );
  });

  it('should escape full-width formula signs, a pipe and formulas behind invisible characters (issue 30)', () => {
    const escaped = [
      '＝1+1',
      '＋1',
      '－1',
      '＠SUMME(A1)',
      '|cmd',
      '\u200B=1+1',
      '\uFEFF\u200D+1',
      '\u00A0 @x',
      '\u2060－1',
      '\tx',
      '\rx',
    ];
    const kept = ['Wert', 'a\u200B=1', '1-2', 'E-Mail', '\u200B'];
    const text = writeCsv(
      ['Zelle'],
      [...escaped, ...kept].map((cell) => [cell]),
    )
      .subarray(3)
      .toString('utf8');
    const { data } = Papa.parse<string[]>(text.trimEnd(), { delimiter: ';', newline: '\r\n' });
    const cells = data.slice(1).map(([cell]) => cell);
    expect(cells).toEqual([...escaped.map((cell) => `'${cell}`), ...kept]);
  });

  it('should read back a table it wrote', async () => {
    const table = await readCsv(csvFixture('preisliste-excel-cp1252.csv'));
    expect(await readCsv(writeCsv(table.header, table.rows))).toEqual(table);
  });
});
