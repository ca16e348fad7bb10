/**
 * The text of a post's sanitised HTML as blocks (paragraphs, list items, headings, lines after a `<br>`):
 * what the versions' difference compares and what a quote of a whole post takes. Works on the string, without
 * a DOM, since the server's sanitiser leaves only simple, well-formed tags (ARCHITECTURE §4 "Rich text").
 */
const BLOCK_END = /^\/?(p|li|h[1-6]|blockquote|br|ul|ol|hr|pre|tr)$/;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name.toLowerCase()] ?? match;
  });
}

interface BlockOptions {
  /**
   * Leaves out quotes of other posts (`<blockquote data-quote>`): a quote of a whole post quotes what its
   * author wrote, not what they quoted in turn.
   */
  withoutQuotes?: boolean;
}

export function postBlocks(html: string, { withoutQuotes = false }: BlockOptions = {}): string[] {
  const blocks: string[] = [];
  let current = '';
  let skipDepth = 0;
  const flush = () => {
    const text = decodeEntities(current).replace(/\s+/g, ' ').trim();
    if (text !== '') blocks.push(text);
    current = '';
  };
  for (const part of html.split(/(<[^>]*>)/)) {
    if (!part.startsWith('<')) {
      if (skipDepth === 0) current += part;
      continue;
    }
    const tag = /^<\s*(\/?[a-z0-9]+)/i.exec(part)?.[1]?.toLowerCase() ?? '';
    if (tag === 'blockquote' && (skipDepth > 0 || (withoutQuotes && /\sdata-quote\b/i.test(part)))) {
      if (skipDepth === 0) flush();
      skipDepth += 1;
    } else if (tag === '/blockquote' && skipDepth > 0) {
      skipDepth -= 1;
    } else if (skipDepth === 0 && BLOCK_END.test(tag)) {
      flush();
    }
  }
  flush();
  return blocks;
}
