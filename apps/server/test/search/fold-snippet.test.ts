import { describe, expect, it } from 'vitest';
import { snippet } from '../../src/features/search/snippet.ts';
import { fold, foldMapped } from '../../src/platform/search/fold.ts';
import { matchRanges } from '../../src/platform/search/marks.ts';
import { type Pattern, patternOf } from '../../src/platform/search/query.ts';

describe('fold', () => {
  it('should fold case, umlauts and accents alike', () => {
    for (const text of ['Waermedaemmglas', 'wärmedämmglas', 'Wärmedämmglas', 'WÄRMEDÄMMGLAS'])
      expect(fold(text)).toBe('waermedaemmglas');
    expect(fold('Straße Öl Über Café Crème naïve ẞ')).toBe('strasse oel ueber cafe creme naive ss');
    expect(fold('ESG-Scheibe FG-1002')).toBe('esg-scheibe fg-1002');
  });

  it('should map each folded character back to the original one', () => {
    expect(foldMapped('Äpfel')).toEqual({ folded: 'aepfel', origin: [0, 0, 1, 2, 3, 4] });
    expect(foldMapped('e\u0301x')).toEqual({ folded: 'ex', origin: [0, 2] });
  });
});

const inside = (...terms: string[]): Pattern[] => terms.map((term) => ({ term, mode: 'inside' }));

describe('snippet', () => {
  it('should mark the matches in the original spelling', () => {
    expect(snippet('Das Wärmedämmglas und Waermedaemmglas', inside('dammglas'))).toBe(
      'Das Wärme<mark>dämmglas</mark> und Waerme<mark>daemmglas</mark>',
    );
    // `ß` is `ss`; the match ends the stem (`strass`), so the word is marked to its end
    expect(matchRanges('Straße', inside('ss'))).toEqual([[4, 6]]);
  });

  it('should mark a stem to the end of its word, and a word joined across its hyphen', () => {
    expect(snippet('Mehrscheiben-Isolierglas und Scheiben', [patternOf('scheib')])).toBe(
      'Mehr<mark>scheiben</mark>-Isolierglas und <mark>Scheiben</mark>',
    );
    expect(snippet('Der Ug-Wert', [patternOf('ugwert')])).toBe('Der <mark>Ug-Wert</mark>');
    expect(snippet('Floatglas 4 mm', [patternOf('4mm')])).toBe('Floatglas <mark>4 mm</mark>');
  });

  it('should mark a short term at a word start only, a whole word where asked', () => {
    expect(snippet('linienförmig: MIG-Einheit', [patternOf('mig', true)])).toBe(
      'linienförmig: <mark>MIG</mark>-Einheit',
    );
    expect(snippet('im Gegenlicht', [patternOf('geg', true)])).toBe('im Gegenlicht');
  });

  it('should escape everything but the marks', () => {
    expect(snippet('<b>ESG</b> & "Glas"', [patternOf('esg')])).toBe(
      '&lt;b&gt;<mark>ESG</mark>&lt;/b&gt; &amp; &quot;Glas&quot;',
    );
  });

  it('should merge overlapping matches of several terms', () => {
    expect(snippet('Isolierglas', inside('glas', 'ierg'))).toBe('Isol<mark>ierglas</mark>');
  });

  it('should cut a long text around the first match, at spaces', () => {
    const words = Array.from({ length: 80 }, (_, i) => `wort${i}`);
    words[50] = 'Floatglas';
    const result = snippet(words.join(' '), inside('float'));
    expect(result.startsWith('…wort')).toBe(true);
    expect(result.endsWith('…')).toBe(true);
    expect(result).toContain('<mark>Float</mark>glas');
    expect(result.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(162);
    const before = result.slice(1, result.indexOf('<mark>'));
    expect(before.length).toBeLessThanOrEqual(50);
  });

  it('should show the start of a text without matches', () => {
    expect(snippet('Kurzer   Text\nmit Umbruch', inside('zzzz'))).toBe('Kurzer Text mit Umbruch');
  });
});
