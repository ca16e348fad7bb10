import { RICH_TEXT_MAX_DEPTH } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isBlankRichText, RichTextTooDeep, sanitizeRichText } from '../../src/platform/html/sanitize.ts';
import { htmlToText } from '../../src/platform/html/text.ts';
import { LOGIN_PATHS } from '../helpers/login-paths.ts';

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

  // A relative link with a dot at the end is downloaded by the web app through /mediaLibrary/{path} with the
  // reader's token; dot segments the browser resolves after the prefix would send that token elsewhere.
  it.each([
    '/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/%2E%2E/api/eventSubscription/participantsAsCsv/3.csv',
    '%2e%2e/%2e%2e/api/blog/sendAsBreakingNews/3.',
    '/.%2e/api/blog/sendAsBreakingNews/3.',
    '/%252e%252e/api/blog/sendAsBreakingNews/3.',
    '/%25252e%25252e/api/x.pdf',
    '../api/blog/sendAsBreakingNews/3.',
    './../api/x.pdf',
    '/mediaLibrary/../api/x.pdf',
    '/mediaLibrary/%2e%2e/api/x.pdf',
    'Dokumente/..%2Fapi/x.pdf',
    'Dokumente%2F..%2F..%2Fapi/x.pdf',
    '/a\\..\\api/x.pdf',
    '/%5c%2e%2e/api/x.pdf',
    '/%2e%2e\t/api/x.pdf',
    '/%zz/x.pdf',
  ])('should drop a relative link that would leave its folder: %s', (href) => {
    expect(sanitizeRichText(`<p><a href="${href}">Merkblatt.pdf</a></p>`)).toBe(
      '<p><a>Merkblatt.pdf</a></p>',
    );
  });

  // issue 30: a member's one-time login link, clicked by an admin, signed the admin in as the member's account.
  it.each(LOGIN_PATHS)('should drop a link to the login route: %s', (href) => {
    expect(sanitizeRichText(`<p><a href="${escapeAttribute(href)}">Merkblatt</a></p>`)).toBe(
      '<p><a>Merkblatt</a></p>',
    );
  });

  it('should drop a picture whose relative address would leave its folder', () => {
    expect(sanitizeRichText('<img src="/%2e%2e/api/blog/sendAsBreakingNews/3." alt="x">')).toBe(
      '<img alt="x" />',
    );
  });

  it('should read entities in an address before it decides', () => {
    expect(sanitizeRichText('<a href="&#37;2e&#37;2e/api/x.pdf">x</a>')).toBe('<a>x</a>');
  });

  it.each([
    'Dokumente/Merkblatt.pdf',
    '/mediaLibrary/Dokumente/Merkblatt%20DIN%2018008.pdf',
    '/dokumente/preisliste 2026.pdf',
    '/content/12',
    '/event?tag=a.b#oben',
    'https://example.de/a/../b.pdf',
    'mailto:info@example.de',
    'tel:+49301234',
  ])('should keep a link that stays where it points: %s', (href) => {
    expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe(`<a href="${href}">x</a>`);
  });

  it('should protect links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://x.de" target="_blank">x</a>')).toBe(
      '<a href="https://x.de" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('quotes and mentions (issue 37)', () => {
  const quote =
    '<blockquote data-quote="12"><p><a href="/forum/1/thread/3?post=12">Erika Muster schrieb:</a></p>' +
    '<p>Der Randverbund ist undicht.</p></blockquote>';
  const mention = '<p><a href="/personen/7" data-mention="7">@Erika Muster</a> was meinen Sie?</p>';

  it('should keep a quote as the editor writes it, its attribution an ordinary relative link', () => {
    expect(sanitizeRichText(quote)).toBe(quote);
  });

  it('should keep a mention as the editor writes it', () => {
    expect(sanitizeRichText(mention)).toBe(mention);
  });

  it.each([
    '0',
    '-3',
    '1.5',
    '12abc',
    ' 12',
    '1e3',
    '0x1f',
    '012',
    '2147483648',
    '99999999999999999999',
    '',
    '12" onmouseover="alert(1)',
    'javascript:alert(1)',
    '<script>',
  ])('should drop a data-quote or data-mention that is no positive whole number: %s', (value) => {
    const attribute = escapeAttribute(value);
    expect(sanitizeRichText(`<blockquote data-quote="${attribute}"><p>x</p></blockquote>`)).toBe(
      '<blockquote><p>x</p></blockquote>',
    );
    expect(sanitizeRichText(`<a href="/personen/7" data-mention="${attribute}">@x</a>`)).toBe(
      '<a href="/personen/7">@x</a>',
    );
  });

  it('should keep the attributes only where they belong, and no other data attribute', () => {
    expect(sanitizeRichText('<p data-quote="12" data-mention="7">x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<blockquote data-mention="7" data-x="1">x</blockquote>')).toBe(
      '<blockquote>x</blockquote>',
    );
    expect(sanitizeRichText('<a href="/personen/7" data-quote="12" data-id="3">x</a>')).toBe(
      '<a href="/personen/7">x</a>',
    );
  });

  it('should keep a mention whose address is dropped as a mention of plain text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)" data-mention="7">@x</a>')).toBe(
      '<a data-mention="7">@x</a>',
    );
  });
});

describe('isBlankRichText', () => {
  it('should treat an empty editor as blank', () => {
    expect(isBlankRichText('<p></p>')).toBe(true);
    expect(isBlankRichText('<p> <br></p>')).toBe(true);
    expect(isBlankRichText('<p>Text</p>')).toBe(false);
  });

  it('should count a picture and an entity as something, a non-breaking space as nothing', () => {
    expect(isBlankRichText(sanitizeRichText('<p><img src="https://x.de/a.png"></p>'))).toBe(false);
    expect(isBlankRichText(sanitizeRichText('<p>&amp;</p>'))).toBe(false);
    expect(isBlankRichText(sanitizeRichText('<p>&nbsp;</p>'))).toBe(true);
    expect(isBlankRichText(sanitizeRichText('<p><script>alert(1)</script></p>'))).toBe(true);
  });
});

describe('nesting depth (issue 30)', () => {
  const nested = (depth: number, tag = 'b') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;

  it('should keep text nested as deep as allowed', () => {
    expect(sanitizeRichText(nested(RICH_TEXT_MAX_DEPTH))).toBe(nested(RICH_TEXT_MAX_DEPTH));
  });

  it('should refuse one level more, also of tags it would drop and of unclosed ones', () => {
    for (const html of [
      nested(RICH_TEXT_MAX_DEPTH + 1),
      nested(RICH_TEXT_MAX_DEPTH + 1, 'div'),
      nested(RICH_TEXT_MAX_DEPTH + 1, 'x-unknown'),
      '<b>'.repeat(40_000),
    ])
      expect(() => sanitizeRichText(html)).toThrow(RichTextTooDeep);
  });

  it('should count siblings and void elements once', () => {
    const flat = `<p>${'<b>x</b><br><img src="https://x.de/a.png">'.repeat(5_000)}</p>`;
    expect(() => sanitizeRichText(flat)).not.toThrow();
  });
});

describe('htmlToText', () => {
  it('should give the readable text of stored rich text', () => {
    const stored = sanitizeRichText(
      '<h2>Titel</h2><p>Erste  Zeile<br>zweite &amp; &lt;dritte&gt;&nbsp;Zeile</p>' +
        '<ul><li>eins</li><li> zwei </li></ul><p><a href="https://x.de" title="a &gt; b">Link</a></p>' +
        '<table><tr><td>1</td><td>2</td></tr></table><p>\u2003&#x1F600;\u2003</p>',
    );
    expect(htmlToText(stored)).toBe(
      'Titel\n\nErste Zeile\nzweite & <dritte> Zeile\n\n• eins\n• zwei\nLink\n\n12\n\n😀',
    );
  });
});

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
