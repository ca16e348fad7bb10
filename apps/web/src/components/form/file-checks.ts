import { de } from '../../i18n/de';
import { getSettings } from '../../lib/settings';

/**
 * The server's size limit for a file (UPLOAD_LIMIT_MB, from its public settings), named beside every file
 * field and checked when a file is chosen (issue 31 point 5): a file over it is refused at once, not after
 * the whole file was sent and the server answered 'Die Anfrage ist zu groß.'. The server checks anyway.
 */
const MEGABYTE = 1024 * 1024;

export function uploadLimitMb(): number {
  return getSettings().uploadLimitMb;
}

/** The German refusal of a file over the limit (the server's: MB of 1,024 × 1,024 bytes), else null. */
export function fileSizeError(
  file: { name: string; size: number },
  limitMb: number = uploadLimitMb(),
): string | null {
  if (file.size <= limitMb * MEGABYTE) return null;
  // Rounded up: a file just over 20 MB must not read '20 MB'.
  const megabytes = Math.ceil((file.size / MEGABYTE) * 10) / 10;
  return de.uploads.tooLarge(file.name, megabytes.toLocaleString('de-DE'), limitMb);
}

/** The same file chosen twice (by name, type and size): an attachment list takes it once. */
export function isSameFile(
  a: { name: string; type: string; size?: number },
  b: { name: string; type: string; size?: number },
): boolean {
  return a.name === b.name && a.type === b.type && a.size === b.size;
}
