/**
 * The {name} of a post in the confirmation 'Wollen Sie den Beitrag "{name}" wirklich löschen?': the start of
 * its text (tags removed, whitespace collapsed, cut at a word within `max` characters with '…'), so the admin
 * sees which post goes; a post without text falls back to 'Beitrag von {author}'.
 */
const POST_NAME_MAX_LENGTH = 50;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

export function postText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function postName(html: string, fallback: string, max = POST_NAME_MAX_LENGTH): string {
  const text = postText(html);
  if (text === '') return fallback;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const atWord = lastSpace >= max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${atWord.replace(/[\s.,;:!?-]+$/, '')}…`;
}
