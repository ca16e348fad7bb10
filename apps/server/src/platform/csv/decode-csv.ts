import { setImmediate as nextTurn } from 'node:timers/promises';
import { CONTENT_MESSAGES } from '@portal/contract';
import iconv from 'iconv-lite';
import { badRequest, HttpError } from '../http/errors.ts';

/** Bytes decoded into one piece of text: pieces stay small, so that no long string is ever built. */
const PIECE_BYTES = 64 * 1024;
/** Pieces decoded between two turns of the event loop: a few milliseconds of work. */
const PIECES_PER_TURN = 8;

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
 * The text of a CSV file as pieces of at most 64 K characters, in order. Joined, they would make one string
 * of up to 40 MB, built in one go and slow to allocate; the parser reads them one after the other instead.
 */
export type CsvText = readonly string[];

/** Turns bytes into text pieces; `undefined` when they are not in that encoding. */
type Decoder = (data: Buffer) => Promise<{ pieces: string[]; length: number; controls: number } | undefined>;

function sliced(open: () => { write: (slice: Buffer) => string; end: () => string }): Decoder {
  return async (data) => {
    const decoder = open();
    const pieces: string[] = [];
    let length = 0;
    let controls = 0;
    const add = (piece: string) => {
      if (piece.includes('\u0000')) throw notCsv();
      controls += piece.match(CONTROL)?.length ?? 0;
      length += piece.length;
      if (piece !== '') pieces.push(piece);
    };
    try {
      for (let start = 0, count = 0; start < data.length; start += PIECE_BYTES, count += 1) {
        if (count > 0 && count % PIECES_PER_TURN === 0) await nextTurn();
        add(decoder.write(data.subarray(start, start + PIECE_BYTES)));
      }
      add(decoder.end());
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return undefined; // a strict decoder met bytes that are not in its encoding
    }
    return { pieces, length, controls };
  };
}

const utf8: Decoder = sliced(() => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return { write: (slice) => decoder.decode(slice, { stream: true }), end: () => decoder.decode() };
});
const iconvDecoder = (encoding: string): Decoder =>
  sliced(() => {
    const decoder = iconv.getDecoder(encoding);
    return { write: (slice) => decoder.write(slice), end: () => decoder.end() ?? '' };
  });
const windows1252 = iconvDecoder('windows-1252');
const utf16le = iconvDecoder('utf16le');
const utf16be = iconvDecoder('utf16be');

async function decodeUtf8OrWindows1252(data: Buffer) {
  return (await utf8(data)) ?? (await windows1252(data));
}

/** The first `count` characters of a text in pieces. */
export function firstChars(text: CsvText, count: number): string {
  let head = '';
  for (const piece of text) {
    if (head.length >= count) break;
    head += piece.slice(0, count - head.length);
  }
  return head;
}

/**
 * The text of an uploaded CSV file (ARCHITECTURE §4): UTF-8 with or without BOM, else Windows-1252 (German
 * Excel); UTF-16 with BOM (Excel's "Unicode-Text") too. Anything that is not text is refused with 415, by its
 * content and never by its name or the browser's claim. Decoded a slice at a time into pieces, so that a
 * file of many MB neither holds the event loop nor becomes one huge string.
 */
export async function decodeCsv(data: Buffer): Promise<CsvText> {
  let decoded: Awaited<ReturnType<Decoder>>;
  if (hasPrefix(data, 0xef, 0xbb, 0xbf)) decoded = await decodeUtf8OrWindows1252(data.subarray(3));
  else if (hasPrefix(data, 0xff, 0xfe)) decoded = await utf16le(data.subarray(2));
  else if (hasPrefix(data, 0xfe, 0xff)) decoded = await utf16be(data.subarray(2));
  else if (data.includes(0)) throw notCsv();
  else decoded = await decodeUtf8OrWindows1252(data);
  if (!decoded) throw notCsv();

  const { pieces, length, controls } = decoded;
  if (OTHER_TEXT_FORMAT.test(firstChars(pieces, 200))) throw notCsv();
  // A stray control character may slip into an export; binary data has them everywhere.
  if (controls > Math.max(2, length / 1000)) throw notCsv();
  if (pieces.every((piece) => piece.trim() === '')) {
    throw badRequest(CONTENT_MESSAGES.csvEmpty, { csvFile: CONTENT_MESSAGES.csvEmpty });
  }
  return pieces;
}
