import { describe, expect, it } from 'vitest';
import { quoteMarkup, replyWithQuote, selectionBlocks, wholePostBlocks } from './quote-markup';

const post = { postId: 12, forumId: 1, threadId: 3, page: 1, author: 'Erika Muster' };

describe('quoteMarkup', () => {
  it('should build the contract markup, attributed and linked to the quoted post', () => {
    expect(quoteMarkup(post, ['Der Randverbund hält.'])).toBe(
      '<blockquote data-quote="12"><p><a href="/forum/1/thread/3?post=12">Erika Muster schrieb:</a></p>' +
        '<p>Der Randverbund hält.</p></blockquote>',
    );
  });

  it('should link a post on a later page with its page', () => {
    expect(quoteMarkup({ ...post, page: 4 }, ['x'])).toContain('href="/forum/1/thread/3?page=4&amp;post=12"');
  });

  it('should escape what the quoted text and the name hold', () => {
    const markup = quoteMarkup({ ...post, author: 'A & <B>' }, ['<script>alert(1)</script> "x"']);
    expect(markup).toContain('A &amp; &lt;B&gt; schrieb:');
    expect(markup).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot;</p>');
    expect(markup).not.toContain('<script>');
  });

  it('should leave an empty paragraph after the quote for the reply', () => {
    expect(replyWithQuote(post, ['a'])).toMatch(/<\/blockquote><p><\/p>$/);
  });
});

describe('selectionBlocks', () => {
  it('should make one paragraph of each selected line and drop empty ones', () => {
    expect(selectionBlocks('  Erste   Zeile\n\n Zweite Zeile \r\n')).toEqual(['Erste Zeile', 'Zweite Zeile']);
  });
});

describe('wholePostBlocks', () => {
  it('should quote what the author wrote, not what they quoted in turn, and keep mentions as words', () => {
    const html =
      '<blockquote data-quote="3"><p><a href="/forum/1/thread/3?post=3">Max schrieb:</a></p><p>alt</p></blockquote>' +
      '<p>Danke <a href="/personen/7" data-mention="7">@Erika Muster</a> &amp; Team</p><ul><li>eins</li><li>zwei</li></ul>';
    expect(wholePostBlocks(html)).toEqual(['Danke @Erika Muster & Team', 'eins', 'zwei']);
  });

  it('should keep an ordinary quote the author set with the toolbar', () => {
    expect(wholePostBlocks('<blockquote><p>Norm</p></blockquote><p>dazu</p>')).toEqual(['Norm', 'dazu']);
  });
});
