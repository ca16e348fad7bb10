/**
 * The server's snippet is HTML-escaped plain text whose only markup is `<mark>…</mark>` around the matches.
 * It is read into text pieces, never put into the page as HTML: React escapes each piece again, so a
 * snippet that breaks the promise (a stray tag, an unknown entity) shows as text and never runs.
 */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Undoes the server's escaping: the five named entities and numeric ones; anything else stays as written. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** The snippet's pieces in order, each marked or not; empty pieces are dropped. */
export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>' || tag === '</mark>') {
      marked = tag === '<mark>';
      continue;
    }
    if (piece) parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}
