import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Snippet } from '../components/snippet';
import { parseSnippet, unescapeHtml } from './snippet';

const render = (snippet: string) => renderToStaticMarkup(createElement(Snippet, { snippet }));

describe('search snippets', () => {
  it('splits a snippet into plain and marked pieces', () => {
    expect(parseSnippet('Preis für <mark>Wärmedämmglas</mark> und <mark>ESG</mark>-Scheibe')).toEqual([
      { text: 'Preis für ', marked: false },
      { text: 'Wärmedämmglas', marked: true },
      { text: ' und ', marked: false },
      { text: 'ESG', marked: true },
      { text: '-Scheibe', marked: false },
    ]);
  });

  it('reads the escaped text back as the member wrote it', () => {
    expect(parseSnippet('A &amp; B &lt;b&gt; &quot;x&quot; &#39;y&#x27; <mark>&lt;i&gt;</mark>')).toEqual([
      { text: 'A & B <b> "x" \'y\' ', marked: false },
      { text: '<i>', marked: true },
    ]);
  });

  it('leaves unknown or impossible entities as written', () => {
    expect(unescapeHtml('&nbsp; &#0; &#x110000; &copy')).toBe('&nbsp; &#0; &#x110000; &copy');
  });

  it('renders marks as <mark> and everything else as escaped text', () => {
    expect(render('Glas &lt;script&gt;alert(1)&lt;/script&gt; <mark>glas</mark>')).toBe(
      'Glas &lt;script&gt;alert(1)&lt;/script&gt; <mark>glas</mark>',
    );
  });

  it('never turns markup other than mark into elements, even when the server failed to escape it', () => {
    const html = render('<img src=x onerror=alert(1)><mark>ok</mark><b>bold</b>');
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt;<mark>ok</mark>&lt;b&gt;bold&lt;/b&gt;');
  });

  it('does not unescape twice, so an escaped entity stays text', () => {
    expect(render('&amp;lt;mark&amp;gt;')).toBe('&amp;lt;mark&amp;gt;');
  });

  it('copes with an unclosed mark and an empty snippet', () => {
    expect(parseSnippet('<mark>glas')).toEqual([{ text: 'glas', marked: true }]);
    expect(parseSnippet('')).toEqual([]);
  });
});
