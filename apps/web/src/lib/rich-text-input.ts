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
