import { createHash } from 'node:crypto';
import type { TMediaDuplicate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';
import { sha256Of } from '../../../lib/file-hash';
import { duplicateWarnings } from './duplicate-warnings';
import { addChosenFiles, clearChosenFiles, EMPTY_ENTRY, fileKey, removeEntry } from './upload-entries';

const file = (name: string, content = name) => new File([content], name, { type: 'application/pdf' });

describe('addChosenFiles (issue 31: several files, each named by SPEC §5)', () => {
  it('fills the empty entry first, then adds one entry per further file, each auto-named', () => {
    const [a, b, c] = [file('Übersicht 2026.pdf'), file('Straße.v2.pdf'), file('Café Müller.png')];
    expect(addChosenFiles([EMPTY_ENTRY], [a, b, c])).toEqual([
      { file: a, name: 'Uebersicht 2026.pdf' },
      { file: b, name: 'Strasse_v2.pdf' },
      { file: c, name: 'Cafe Mueller.png' },
    ]);
  });

  it('keeps a name typed before the file, and adds later choices to the list', () => {
    const [a, b] = [file('a.pdf'), file('b.pdf')];
    const first = addChosenFiles([{ file: null, name: 'Eigener Name.pdf' }], [a]);
    expect(first).toEqual([{ file: a, name: 'Eigener Name.pdf' }]);
    expect(addChosenFiles(first, [b])).toEqual([
      { file: a, name: 'Eigener Name.pdf' },
      { file: b, name: 'b.pdf' },
    ]);
  });

  it('goes back to one entry without file when cleared or when the last is removed', () => {
    const entries = addChosenFiles([{ file: null, name: 'Behalten.pdf' }], [file('a.pdf'), file('b.pdf')]);
    expect(clearChosenFiles(entries)).toEqual([{ file: null, name: 'Behalten.pdf' }]);
    expect(removeEntry(entries, 0)).toEqual([entries[1]]);
    expect(removeEntry([entries[0] ?? EMPTY_ENTRY], 0)).toEqual([EMPTY_ENTRY]);
  });

  it('keys two files of the same name apart', () => {
    const [a, b] = [file('x.pdf'), file('x.pdf')];
    expect(fileKey(a)).not.toBe(fileKey(b));
    expect(fileKey(a)).toBe(fileKey(a));
  });
});

describe('sha256Of', () => {
  it("hashes a file's bytes as the server does, reading it once", async () => {
    const chosen = file('merkblatt.pdf', '%PDF-1.4 Inhalt');
    const expected = createHash('sha256').update('%PDF-1.4 Inhalt').digest('hex');
    expect(await sha256Of(chosen)).toBe(expected);
    expect(sha256Of(chosen)).toBe(sha256Of(chosen));
  });
});

describe('duplicateWarnings', () => {
  const stored = (id: number, name: string, categoryName: string): TMediaDuplicate => ({
    id,
    name,
    category: 1,
    categoryName,
  });

  it('names a file the library holds already by content and by name, in German', () => {
    const entries = [
      { file: file('a.pdf'), name: 'Preisliste.pdf' },
      { file: file('b.pdf'), name: 'Neu.pdf' },
    ];
    const warnings = duplicateWarnings(
      entries,
      ['h1', 'h2'],
      [
        {
          sameContent: [stored(3, 'Preise 2025.pdf', 'Archiv'), stored(4, 'Kopie.pdf', 'Dokumente')],
          sameName: [stored(5, 'Preisliste.pdf', 'Dokumente')],
        },
        { sameContent: [], sameName: [] },
      ],
    );
    expect(warnings).toEqual([
      [
        'Diese Datei liegt schon in der Mediathek: „Preise 2025.pdf“ in „Archiv“ und 1-mal an anderer Stelle.',
        'In „Dokumente“ gibt es schon eine Datei mit diesem Namen.',
      ],
      [],
    ]);
  });

  it('names a file or a name chosen twice in the same dialog at its second place', () => {
    const entries = [
      { file: file('a.pdf'), name: 'Gleich.pdf' },
      { file: file('a-kopie.pdf'), name: 'Anders.pdf' },
      { file: file('c.pdf'), name: ' Gleich.pdf ' },
    ];
    expect(duplicateWarnings(entries, ['h1', 'h1', null], [null, null, null])).toEqual([
      [],
      [de.media.duplicates.chosenTwice],
      [de.media.duplicates.nameTwice],
    ]);
  });
});
