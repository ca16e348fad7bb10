import { CONTENT_MESSAGES } from '@portal/contract';
import iconv from 'iconv-lite';
import { badRequest, HttpError } from '../http/errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Control characters that never appear in a text export (tab, line feed and carriage return are fine). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** Text formats that are not tables: PDF, RTF, markup (HTML, XML, SVG). */
const OTHER_TEXT_FORMAT = /^\s*(%PDF-|\{\\rtf|<\?xml|<!doctype|<html|<svg)/i;

function notCsv(): HttpError {
  return new HttpError(415, CONTENT_MESSAGES.csvType);
}

function hasPrefix(data: Buffer, ...bytes: number[]): boolean {
  return bytes.every((byte, index) => data[index] === byte);
}

/**
 * The text of an uploaded CSV file (ARCHITECTURE §4): UTF-8 with or without BOM, else Windows-1252 (German
 * Excel); UTF-16 with BOM (Excel's "Unicode-Text") too. Anything that is not text is refused with 415, by its
 * content and never by its name or the browser's claim.
 */
export function decodeCsv(data: Buffer): string {
  let text: string;
  if (hasPrefix(data, 0xef, 0xbb, 0xbf)) text = decodeUtf8OrWindows1252(data.subarray(3));
  else if (hasPrefix(data, 0xff, 0xfe)) text = iconv.decode(data.subarray(2), 'utf16le');
  else if (hasPrefix(data, 0xfe, 0xff)) text = iconv.decode(data.subarray(2), 'utf16be');
  else if (data.includes(0)) throw notCsv();
  else text = decodeUtf8OrWindows1252(data);

  if (text.includes('\u0000') || OTHER_TEXT_FORMAT.test(text.slice(0, 200))) throw notCsv();
  // A stray control character may slip into an export; binary data has them everywhere.
  const controls = text.match(CONTROL)?.length ?? 0;
  if (controls > Math.max(2, text.length / 1000)) throw notCsv();
  if (text.trim() === '') throw badRequest(CONTENT_MESSAGES.csvEmpty, { csvFile: CONTENT_MESSAGES.csvEmpty });
  return text;
}

function decodeUtf8OrWindows1252(data: Buffer): string {
  try {
    return utf8.decode(data);
  } catch {
    return iconv.decode(data, 'windows-1252');
  }
}
