import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from '../../src/platform/html/sanitize.ts';

describe('sanitizeRichText', () => {
  it('should keep the formatting the editor produces', () => {
    const html =
      '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <a href="https://example.de">Link</a></p><ul><li>a</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('should keep relative links to media files', () => {
    expect(sanitizeRichText('<a href="dokumente/preisliste.pdf">Preisliste</a>')).toBe(
      '<a href="dokumente/preisliste.pdf">Preisliste</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<p style="position:fixed">x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('should remove what could run script: %s', (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });

  it('should protect links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://x.de" target="_blank">x</a>')).toBe(
      '<a href="https://x.de" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('isBlankRichText', () => {
  it('should treat an empty editor as blank', () => {
    expect(isBlankRichText('<p></p>')).toBe(true);
    expect(isBlankRichText('<p> <br></p>')).toBe(true);
    expect(isBlankRichText('<p>Text</p>')).toBe(false);
  });
});
