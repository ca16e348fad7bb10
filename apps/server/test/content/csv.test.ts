import { readdirSync } from 'node:fs';
import { CONTENT_MESSAGES } from '@portal/contract';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readCsv, toCell } from '../../src/platform/csv/parse-csv.ts';
import { writeCsv } from '../../src/platform/csv/write-csv.ts';
import { CSV_FOLDER, csvFixture, FIXTURE_TABLES, NOT_CSV_FIXTURES } from './csv-fixtures.ts';

const refusal = (data: Buffer) => {
  try {
    readCsv(data);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('readCsv with the shared fixtures', () => {
  it('should know every fixture in the folder', () => {
    expect(readdirSync(CSV_FOLDER).sort()).toEqual(
      [...Object.keys(FIXTURE_TABLES), ...NOT_CSV_FIXTURES].sort(),
    );
  });

  it.each(Object.entries(FIXTURE_TABLES))('should read %s cell by cell', (name, table) => {
    expect(readCsv(csvFixture(name))).toEqual(table);
  });

  it.each(NOT_CSV_FIXTURES)('should refuse %s with 415', (name) => {
    expect(refusal(csvFixture(name))).toMatchObject({ statusCode: 415, message: CONTENT_MESSAGES.csvType });
  });
});

describe('readCsv with other exports', () => {
  it('should read Windows-1252 with commas and quoted quotes', () => {
    const data = iconv.encode('Name,Zitat\r\n"Müller, Jörg","Er sagte ""Grüß Gott"""\r\n', 'windows-1252');
    expect(readCsv(data)).toEqual({
      header: ['Name', 'Zitat'],
      rows: [['Müller, Jörg', 'Er sagte "Grüß Gott"']],
    });
  });

  it("should read UTF-16 with BOM (Excel's Unicode text) and UTF-8 without BOM", () => {
    const text = 'Ort\tPLZ\nMünchen\t80331\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const expected = { header: ['Ort', 'PLZ'], rows: [['München', '80331']] };
    expect(readCsv(utf16)).toEqual(expected);
    expect(readCsv(Buffer.from(text, 'utf8'))).toEqual(expected);
  });

  it('should pad ragged rows, skip empty lines and keep a single column', () => {
    expect(readCsv(Buffer.from('a;b;c\n1\n\n;;\n2;3\n'))).toEqual({
      header: ['a', 'b', 'c'],
      rows: [
        ['1', '', ''],
        ['2', '3', ''],
      ],
    });
    expect(readCsv(Buffer.from('Titel\nEins\nZwei'))).toEqual({
      header: ['Titel'],
      rows: [['Eins'], ['Zwei']],
    });
  });

  it('should refuse an empty file and an unclosed quote with 400', () => {
    for (const data of [Buffer.alloc(0), Buffer.from(' \r\n\r\n')]) {
      expect(refusal(data)).toMatchObject({ statusCode: 400, message: CONTENT_MESSAGES.csvEmpty });
    }
    expect(refusal(Buffer.from('a;b\n"offen;x\n'))).toMatchObject({
      statusCode: 400,
      message: CONTENT_MESSAGES.csvUnclosedQuote,
    });
  });

  it('should refuse binary data, PDF and markup with 415', () => {
    const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256).filter((b) => b !== 0));
    for (const data of [
      binary,
      Buffer.from('%PDF-1.7\n1 0 obj\n'),
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('a;b\n1;\u0000\n'),
    ]) {
      expect(refusal(data)).toMatchObject({ statusCode: 415, message: CONTENT_MESSAGES.csvType });
    }
  });

  it('should refuse more columns than allowed with 413', () => {
    expect(refusal(Buffer.from(`${'x;'.repeat(600)}x\n`))).toMatchObject({ statusCode: 413 });
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

  it('should read back a table it wrote', () => {
    const table = readCsv(csvFixture('preisliste-excel-cp1252.csv'));
    expect(readCsv(writeCsv(table.header, table.rows))).toEqual(table);
  });
});
