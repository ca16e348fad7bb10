const GERMAN: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** A file name for the plain `filename` parameter: German letters transliterated, the rest ASCII. */
function asciiFileName(filename: string): string {
  return filename
    .replace(/[äöüÄÖÜß]/g, (letter) => GERMAN[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback and, for umlauts, the RFC 5987 `filename*`
 * that every current browser prefers.
 */
export function attachmentDisposition(filename: string): string {
  return disposition('attachment', filename);
}

/** `Content-Disposition: inline` (shown in the browser; saved under this name). */
export function inlineDisposition(filename: string): string {
  return disposition('inline', filename);
}

function disposition(type: 'attachment' | 'inline', filename: string): string {
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${asciiFileName(filename)}"; filename*=UTF-8''${encoded}`;
}

/** Lower-case words of `name` joined by '-', letters of any script kept: 'Glastage Köln 2026' → 'glastage-köln-2026'. */
export function fileSlug(name: string, maxLength = 60): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
