/** Issue 33: the one normalisation of documents and queries (normalise.ts, terms.ts, query.ts, fuzzy.ts). */
import { describe, expect, it } from 'vitest';
import { TermIndex } from '../../src/platform/search/fuzzy.ts';
import { formsOf } from '../../src/platform/search/normalise.ts';
import { queryWords } from '../../src/platform/search/query.ts';
import { blockIndexText, indexText } from '../../src/platform/search/terms.ts';

const stem = (word: string) => formsOf(word).stem;
const terms = (text: string) => indexText(text).trim().split(' ');

describe('stems (point 2)', () => {
  it('should meet umlaut plurals and written-out umlauts on one stem', () => {
    for (const [words, expected] of [
      [['Gläser', 'glaeser', 'Glas', 'GLASES'], 'glas'],
      [['Scheiben', 'Scheibe'], 'scheib'],
      [['Normen', 'Norm'], 'norm'],
      [['Verträge', 'Vertraege', 'Vertrag'], 'vertrag'],
      [['Isoliergläser', 'Isolierglas'], 'isolierglas'],
      [['Wärmedämmglas', 'Waermedaemmglas', 'WÄRMEDÄMMGLAS'], 'warmedammglas'],
    ] as const)
      for (const word of words) expect(stem(word), word).toBe(expected);
  });

  it('should not read a u between vowels or after q as an umlaut', () => {
    expect(formsOf('Feuerschutz').surface).toBe('feuerschutz');
    expect(formsOf('Quelle').surface).toBe('quelle');
    expect(formsOf('Straße').surface).toBe('strasse');
  });

  it('should leave short words and stems that would be short as they are', () => {
    expect(stem('ESG')).toBe('esg');
    expect(stem('gegen')).toBe('gegen');
  });
});

describe('terms (point 4)', () => {
  it('should give a hyphenated or lettered number its pieces and its joined form', () => {
    expect(terms('Ug-Wert')).toEqual(['ug', 'wert', 'ugwert']);
    expect(terms('FG1002')).toEqual(['fg', '1002', 'fg1002']);
    expect(terms('FG-1002')).toEqual(terms('FG1002'));
  });

  it('should join a number and a short word next to each other, not over a comma', () => {
    expect(terms('4 mm')).toContain('4mm');
    expect(terms('FG 1002')).toContain('fg1002');
    expect(terms('DIN 18008-1')).toContain('din18008');
    expect(terms('4, mm')).not.toContain('4mm');
  });
});

describe('terms of a text of ASCII only and of any text', () => {
  it('should be the same whichever way the text is read', () => {
    const text = 'FG-1002, UgWert a-b--c -d 4mm 12,50 x9y Ug Wert 3 cm';
    // one character beyond ASCII makes the same text be read by the Unicode expressions
    expect(terms(`${text} ä`)).toEqual([...terms(text), 'a']);
  });

  it("should give a block of table rows each distinct term once, no pair over a cell's edge", () => {
    const block = ['FG-1002\u001fFloatglas 4 mm', 'FG-1003\u001fFloatglas 4 mm', '7\u001fkg'].join('\u001f');
    expect(blockIndexText(block).trim().split(' ')).toEqual([
      'fg',
      '1002',
      'fg1002',
      'floatglas',
      '4',
      'mm',
      '4mm',
      '1003',
      'fg1003',
      '7',
      'kg',
    ]);
  });
});

describe('query words (points 3 and 4)', () => {
  it('should take a number and its unit for one word, and short words as word starts', () => {
    expect(queryWords('4 mm').map((word) => word.alternatives[0]?.patterns)).toEqual([
      [{ term: '4mm', mode: 'start' }],
    ]);
    expect(queryWords('ge')[0]?.alternatives[0]?.patterns).toEqual([{ term: 'ge', mode: 'start' }]);
  });

  it('should take an abbreviation typed in capitals as a whole word', () => {
    expect(queryWords('MIG')[0]?.alternatives[0]?.patterns).toEqual([{ term: 'mig', mode: 'whole' }]);
  });

  it('should drop single characters when a longer word is asked for', () => {
    expect(queryWords('Glas a').map((word) => word.key)).toEqual(['glas']);
  });
});

describe('typo neighbours (point 1)', () => {
  const index = new TermIndex();
  for (const term of [
    'isolierglas',
    'mehrscheibenisolierglas',
    'reklamation',
    'glas',
    'einscheibensicherheitsglas',
  ])
    index.add(term);

  it('should find a term with a wrong, missing, doubled or swapped letter', () => {
    expect(index.neighbours('isolirglas')).toEqual([{ term: 'isolierglas', edits: 1 }]);
    expect(index.neighbours('reklamtion')).toEqual([{ term: 'reklamation', edits: 1 }]);
    expect(index.neighbours('reklammation')).toEqual([{ term: 'reklamation', edits: 1 }]);
    expect(index.neighbours('gals')).toEqual([{ term: 'glas', edits: 1 }]);
  });

  it("should find the head of a compound (a long word's part)", () => {
    expect(index.neighbours('sicherheitsglass')).toEqual([{ term: 'sicherheitsglas', edits: 1 }]);
  });

  it('should allow one edit up to six letters, two above, none below four', () => {
    expect(index.neighbours('gl')).toEqual([]);
    expect(index.neighbours('glaser')).toEqual([]);
    expect(index.neighbours('rekalmatoin')).toEqual([{ term: 'reklamation', edits: 2 }]);
  });
});
