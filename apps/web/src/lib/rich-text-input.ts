/**
 * The forum posts of members are plain text areas (admins write with the rich-text editor): text without
 * tags becomes paragraphs (blank lines) and line breaks; text with tags is sent as it is. Either way the
 * server sanitises the HTML before storing it.
 */
const HAS_TAG = /<\/?[a-z][\s\S]*?>/i;

export function textToHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || HAS_TAG.test(trimmed)) return trimmed;
  return trimmed
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

const ONLY_PARAGRAPHS = /^(?:[^<]|<\/?p>|<br\s*\/?>)*$/i;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The text area's value for stored HTML: HTML made of paragraphs and line breaks only (what textToHtml
 * writes) turns back into plain text; anything richer is shown as HTML so that nothing is lost.
 */
export function htmlToText(html: string | null | undefined): string {
  const source = html?.trim() ?? '';
  if (!ONLY_PARAGRAPHS.test(source)) return source;
  return source
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?p>/gi, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '');
}
