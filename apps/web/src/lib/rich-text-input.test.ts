import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './rich-text-input';

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

describe('htmlToText', () => {
  it('turns paragraphs and line breaks back into plain text', () => {
    const text = 'Erste Zeile\nzweite Zeile\n\nPreise < 5 € & "netto"';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });

  it('keeps richer HTML as it is', () => {
    expect(htmlToText('<p>Hallo <strong>Welt</strong></p>')).toBe('<p>Hallo <strong>Welt</strong></p>');
    expect(htmlToText(null)).toBe('');
  });
});
