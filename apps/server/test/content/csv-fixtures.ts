import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CSV_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-fixtures/csv',
);
export const csvFixture = (name: string) => readFileSync(path.join(CSV_FOLDER, name));

/** The exact table of every fixture in test-fixtures/csv (copies of ../shared/fixtures/csv). */
export const FIXTURE_TABLES: Record<string, { header: string[]; rows: unknown[][] }> = {
  'mitglieder-utf8-bom.csv': {
    header: ['Firma', 'Ort', 'Ansprechpartner', 'E-Mail'],
    rows: [
      ['Glas Müller GmbH', 'München', 'Jürgen Weiß', 'j.weiss@example.org'],
      ['Flachglas Nord AG', 'Lübeck', 'Åsa Öberg', 'a.oeberg@example.org'],
      ['Schmidt, Fenster & Türen KG', 'Köln', 'Zoë Brandt', 'z.brandt@example.org'],
      ['=HYPERLINK("http://evil.example")', 'Berlin', 'Formel-Test', 'x@example.org'],
    ],
  },
  'preisliste-excel-cp1252.csv': {
    header: [
      'Artikel-Nr.',
      'Bezeichnung',
      'Dicke (mm)',
      'Ug-Wert (W/m²K)',
      'Preis (€/m²)',
      'Hinweis',
      'Datenblatt',
    ],
    rows: [
      [
        'FG-1001',
        'Floatglas klar',
        '4',
        '5,8',
        '18,90',
        'Standardware',
        { title: 'Datenblatt', url: 'https://example.org/datenblaetter/fg-1001.pdf' },
      ],
      [
        'FG-1002',
        'Wärmeschutzglas Zweifach',
        '24',
        '1,1',
        '42,50',
        'Lieferzeit; ca. 2 Wochen',
        { title: 'Datenblatt', url: '/mediaLibrary/datenblaetter/fg-1002.pdf' },
      ],
      [
        'FG-1003',
        'Schallschutzglas (Rw 42 dB)',
        '32',
        '1,0',
        '68,00',
        'Bitte beachten:\nnur auf Anfrage',
        '',
      ],
      ['FG-1004', 'Sicherheitsglas ESG – gehärtet', '8', '5,6', '31,20', 'Größe max. 2500×1500', ''],
      ['FG-1005', 'Ornamentglas „Chinchilla“', '4', '5,8', '24,75', 'Muster über Außendienst', ''],
    ],
  },
  'veranstaltungen-tab.csv': {
    header: ['Jahr', 'Veranstaltung', 'Teilnehmer', ''],
    rows: [
      ['2024', 'Jahrestagung', '118', ''],
      ['2025', 'Fachforum Glas', '', ''],
      ['2026', 'Jahrestagung', '131', 'extra'],
    ],
  },
};
/** Fixtures that are no CSV at all. */
export const NOT_CSV_FIXTURES = ['not-a-csv.csv'];
