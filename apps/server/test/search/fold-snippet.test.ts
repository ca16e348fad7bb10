import { describe, expect, it } from 'vitest';
import { matchRanges, snippet } from '../../src/features/search/snippet.ts';
import { fold, foldMapped } from '../../src/platform/search/fold.ts';

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

describe('snippet', () => {
  it('should mark the matches in the original spelling', () => {
    expect(snippet('Das Wärmedämmglas und Waermedaemmglas', ['daemmglas'])).toBe(
      'Das Wärme<mark>dämmglas</mark> und Waerme<mark>daemmglas</mark>',
    );
    expect(matchRanges('Straße', ['ss'])).toEqual([[4, 5]]);
  });

  it('should escape everything but the marks', () => {
    expect(snippet('<b>ESG</b> & "Glas"', ['esg'])).toBe(
      '&lt;b&gt;<mark>ESG</mark>&lt;/b&gt; &amp; &quot;Glas&quot;',
    );
  });

  it('should merge overlapping matches of several terms', () => {
    expect(snippet('Isolierglas', ['glas', 'ierg'])).toBe('Isol<mark>ierglas</mark>');
  });

  it('should cut a long text around the first match, at spaces', () => {
    const words = Array.from({ length: 80 }, (_, i) => `wort${i}`);
    words[50] = 'Floatglas';
    const result = snippet(words.join(' '), ['float']);
    expect(result.startsWith('…wort')).toBe(true);
    expect(result.endsWith('…')).toBe(true);
    expect(result).toContain('<mark>Float</mark>glas');
    expect(result.replace(/<\/?mark>/g, '').length).toBeLessThanOrEqual(162);
    const before = result.slice(1, result.indexOf('<mark>'));
    expect(before.length).toBeLessThanOrEqual(50);
  });

  it('should show the start of a text without matches', () => {
    expect(snippet('Kurzer   Text\nmit Umbruch', ['zzz'])).toBe('Kurzer Text mit Umbruch');
  });
});
