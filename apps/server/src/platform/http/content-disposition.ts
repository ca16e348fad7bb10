import path from 'node:path';

/**
 * What a file name never keeps: control characters (C0, C1), format characters (the bidi marks, embeddings,
 * overrides and isolates U+200E/F, U+202A–E, U+2066–9, U+061C; zero-width characters) and line separators.
 * A right-to-left override makes `Rechnung‮fdp.exe` read as `Rechnungexe.pdf` (issue 30).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

function withoutInvisibles(name: string): string {
  return name.replace(INVISIBLE, '').trim();
}

/** The spellings of a type's extension that a name may keep ('.jpeg' for a JPEG); the first is the usual one. */
const SPELLINGS: Record<string, readonly string[]> = { '.jpg': ['.jpg', '.jpeg', '.jpe'] };

/** A name's last dot-part that reads as an extension: 1–5 letters or digits, at least one a letter. */
const EXTENSION = /\.(?=[a-z0-9]{0,4}[a-z])[a-z0-9]{1,5}$/i;

/** Longest name kept (file systems allow 255 bytes; German letters take two in UTF-8, so characters count). */
const NAME_MAX_LENGTH = 200;

/**
 * The name a file is stored and offered under (issue 30): without invisible characters and with the extension
 * of the type its content was found to be (`extension`, '.pdf'). A known spelling of it stays ('Foto.JPEG');
 * another extension is replaced ('bericht.html' → 'bericht.pdf'); anything else gets it appended
 * ('Protokoll 2024.03.12' → 'Protokoll 2024.03.12.pdf'). `fallback` is the stem of a name that is left empty.
 */
export function typedFileName(name: string, extension: string, fallback: string): string {
  const clean = withoutInvisibles(name);
  const current = EXTENSION.exec(clean)?.[0] ?? '';
  const kept = current !== '' && (SPELLINGS[extension] ?? [extension]).includes(current.toLowerCase());
  const ending = kept ? current : extension;
  const stem = withoutTrailingDots(clean.slice(0, clean.length - current.length)) || fallback;
  return `${stem.slice(0, NAME_MAX_LENGTH - ending.length)}${ending}`;
}

/** 'bericht. ' → 'bericht' (Windows drops trailing dots and spaces); a loop, as a regular expression may backtrack. */
function withoutTrailingDots(stem: string): string {
  let end = stem.length;
  while (end > 0 && /[.\s]/.test(stem.charAt(end - 1))) end -= 1;
  return stem.slice(0, end);
}

/** The name a stored file is offered under: as typedFileName, with the extension of its storage key. */
export function offeredFileName(name: string, storageKey: string): string {
  return typedFileName(name, path.extname(storageKey).toLowerCase(), 'datei');
}

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

function disposition(type: 'attachment' | 'inline', name: string): string {
  // also for names stored before they were cleaned on upload
  const filename = withoutInvisibles(name);
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
