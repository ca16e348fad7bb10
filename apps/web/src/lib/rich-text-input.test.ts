import { describe, expect, it } from 'vitest';
import { textToHtml } from './rich-text-input';

describe('textToHtml', () => {
  it('turns plain text into paragraphs and line breaks', () => {
    expect(textToHtml('Erste Zeile\nzweite Zeile\n\nNeuer Absatz')).toBe(
      '<p>Erste Zeile<br>zweite Zeile</p><p>Neuer Absatz</p>',
    );
  });

  it('escapes characters that would start markup', () => {
    expect(textToHtml('Preise < 5 € & "netto"')).toBe('<p>Preise &lt; 5 € &amp; &quot;netto&quot;</p>');
  });

  it('keeps HTML as it is and empty text empty', () => {
    expect(textToHtml(' <p>Hallo <strong>Welt</strong></p> ')).toBe('<p>Hallo <strong>Welt</strong></p>');
    expect(textToHtml('  \n ')).toBe('');
  });
});
