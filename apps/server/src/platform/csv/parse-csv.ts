import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CONTENT_MESSAGES,
  CSV_MAX_COLUMNS,
  CSV_MAX_ROWS,
  isCsvLinkUrl,
  type TCsvCell,
  type TCsvRow,
  withWebScheme,
} from '@portal/contract';
import Papa from 'papaparse';
import { badRequest, HttpError } from '../http/errors.ts';
import { type CsvText, decodeCsv, firstChars } from './decode-csv.ts';

export interface CsvTable {
  /** the first row, padded to the table's width. */
  header: string[];
  /** every further row, padded; `[Titel](url)` cells are links. */
  rows: TCsvRow[];
}

/** `[Titel](url)`: a title without brackets and a url without blanks or parentheses. */
const LINK = /^\[([^\]\n]+)\]\(([^()\s]+)\)$/;

/** A cell written as `[Titel](url)` becomes a link for http(s), app paths and relative media paths. */
export function toCell(text: string): TCsvCell {
  const first = text.charCodeAt(0);
  if (first !== 0x5b && first !== 0x20 && first !== 0x09) return text; // '[', blank or tab: 1 in 10⁵ cells
  const match = LINK.exec(text.trim());
  const title = match?.[1]?.trim();
  // `www.verband.example` is a web address, not a media file (decision 0127)
  const url = match?.[2] === undefined ? undefined : withWebScheme(match[2]);
  return title && url && isCsvLinkUrl(url) ? { title, url } : text;
}

/** Characters of the text Papa guesses the delimiter and the line break from (it reads the first rows). */
const GUESS_CHARS = 256 * 1024;
/** Papa's own rule for guessing: the first rows decide the delimiter and the line break. */
const GUESS: Papa.ParseConfig = {
  delimitersToGuess: [';', ',', '\t'],
  skipEmptyLines: 'greedy',
  preview: 10,
};
/**
 * A row is carried from one piece to the next until it ends; one that grows beyond this is refused (mostly a
 * quote that never closes), as re-reading it for every further piece would take ever longer.
 */
const ROW_MAX_CHARS = 1024 * 1024;

/** What a first pass over a CSV text found out; nothing of its rows is kept. */
export interface CsvLayout {
  /** the first row, padded to the table's width. */
  header: string[];
  width: number;
  /** data rows, without the header and empty lines */
  rowCount: number;
  delimiter: string;
  newline: Papa.ParseConfig['newline'];
}

interface PapaRows {
  data: string[][];
  errors: Papa.ParseError[];
  meta: { cursor: number };
}

/** Empty lines are skipped, blanks-only ones too (Papa's `skipEmptyLines: 'greedy'`). */
const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * Runs Papa's core parser over the text a piece at a time (as Papa's own streaming does: a row cut off at
 * the end of a piece is parsed again with the next), giving other requests a turn in between, and hands
 * each piece's rows to `onRows`. `onRows` may stop the parsing by returning an HttpError.
 */
async function eachPieceRows(
  text: CsvText,
  layout: Pick<CsvLayout, 'delimiter' | 'newline'>,
  onRows: (rows: string[][]) => Promise<HttpError | undefined>,
): Promise<void> {
  let carried = '';
  for (const [index, piece] of text.entries()) {
    const last = index === text.length - 1;
    const input = carried + piece;
    const parsed = new Papa.Parser({ delimiter: layout.delimiter, newline: layout.newline }).parse(
      input,
      0,
      !last,
    ) as PapaRows;
    if (parsed.errors.some((error) => error.code === 'MissingQuotes')) {
      throw badRequest(CONTENT_MESSAGES.csvUnclosedQuote, { csvFile: CONTENT_MESSAGES.csvUnclosedQuote });
    }
    carried = last ? '' : input.slice(parsed.meta.cursor);
    if (carried.length > ROW_MAX_CHARS) {
      throw badRequest(CONTENT_MESSAGES.csvRowTooLong, { csvFile: CONTENT_MESSAGES.csvRowTooLong });
    }
    const stop = await onRows(parsed.data.filter((row) => !isBlank(row)));
    if (stop) throw stop;
    // A piece (at most 64 K characters) takes a few milliseconds; then others get a turn.
    await nextTurn();
  }
}

/**
 * The first pass over CSV text (ARCHITECTURE §4): delimiter `;`, `,` or tab, detected from the first rows
 * (`;` wins a tie, as German Excel writes it); the header; the widest row; the number of data rows. A broken
 * or oversized table is refused here, before anything is written: 400 for an unclosed quote or no rows, 413
 * beyond CSV_MAX_ROWS rows (the parsing stops there) or CSV_MAX_COLUMNS columns.
 */
export async function scanCsv(text: CsvText): Promise<CsvLayout> {
  const guessed = Papa.parse<string[]>(firstChars(text, GUESS_CHARS), GUESS).meta;
  const layout = {
    delimiter: guessed.delimiter,
    newline: guessed.linebreak as Papa.ParseConfig['newline'],
  };
  let header: string[] | undefined;
  let width = 0;
  let rowCount = 0;
  await eachPieceRows(text, layout, async (rows) => {
    for (const row of rows) {
      if (row.length > width) width = row.length;
      if (header) rowCount += 1;
      else header = row;
    }
    if (rowCount > CSV_MAX_ROWS) return new HttpError(413, CONTENT_MESSAGES.csvTooManyRows);
    if (width > CSV_MAX_COLUMNS) return new HttpError(413, CONTENT_MESSAGES.csvTooManyColumns);
    return undefined;
  });
  if (!header) throw badRequest(CONTENT_MESSAGES.csvEmpty, { csvFile: CONTENT_MESSAGES.csvEmpty });
  return { ...layout, header: pad(header, width), width, rowCount };
}

/**
 * The second pass: the data rows of a scanned text, a piece at a time, as the table keeps them: padded
 * with empty cells to the widest row; kept as written (no trimming, no number conversion, cells starting
 * with `=`, `+`, `-`, `@` stay plain text); `[Titel](url)` cells as links. The parsing waits for `onRows`
 * (it writes the rows).
 */
export async function eachRowSlice(
  text: CsvText,
  layout: CsvLayout,
  onRows: (rows: TCsvRow[]) => Promise<void>,
): Promise<void> {
  let header = true;
  await eachPieceRows(text, layout, async (rows) => {
    // The first row of the first piece with rows is the header.
    const data = header && rows.length > 0 ? rows.slice(1) : rows;
    if (rows.length > 0) header = false;
    await onRows(data.map((row) => pad(row, layout.width).map(toCell)));
    return undefined;
  });
}

function pad(row: string[], width: number): string[] {
  return row.length >= width ? row : [...row, ...new Array<string>(width - row.length).fill('')];
}

/** An uploaded CSV file as a whole table, for small tables and tests; large ones go through eachRowSlice. */
export async function readCsv(data: Buffer): Promise<CsvTable> {
  const text = await decodeCsv(data);
  const layout = await scanCsv(text);
  const rows: TCsvRow[] = [];
  await eachRowSlice(text, layout, async (slice) => {
    for (const row of slice) rows.push(row);
  });
  return { header: layout.header, rows };
}
