import {
  CONTENT_MESSAGES,
  CSV_MAX_COLUMNS,
  CSV_MAX_ROWS,
  isCsvLinkUrl,
  type TCsvCell,
  type TCsvRow,
} from '@portal/contract';
import Papa from 'papaparse';
import { badRequest, HttpError } from '../http/errors.ts';
import { decodeCsv } from './decode-csv.ts';

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
  const url = match?.[2];
  return title && url && isCsvLinkUrl(url) ? { title, url } : text;
}

/**
 * Parses CSV text (ARCHITECTURE §4): delimiter `;`, `,` or tab, detected from the first rows (`;` wins a tie,
 * as German Excel writes it); quoted fields may hold delimiters, quotes and line breaks; empty lines are
 * skipped; ragged rows are padded with empty cells to the widest row. Cells are kept as written (no
 * trimming, no number conversion); cells starting with `=`, `+`, `-`, `@` stay plain text.
 */
export function parseCsvText(text: string): CsvTable {
  const result = Papa.parse<string[]>(text, {
    header: false,
    dynamicTyping: false,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [';', ',', '\t'],
  });
  if (result.errors.some((error) => error.code === 'MissingQuotes')) {
    throw badRequest(CONTENT_MESSAGES.csvUnclosedQuote, { csvFile: CONTENT_MESSAGES.csvUnclosedQuote });
  }
  const [first, ...rest] = result.data;
  if (!first) throw badRequest(CONTENT_MESSAGES.csvEmpty, { csvFile: CONTENT_MESSAGES.csvEmpty });
  if (rest.length > CSV_MAX_ROWS) throw new HttpError(413, CONTENT_MESSAGES.csvTooManyRows);
  let width = first.length;
  for (const row of rest) if (row.length > width) width = row.length;
  if (width > CSV_MAX_COLUMNS) throw new HttpError(413, CONTENT_MESSAGES.csvTooManyColumns);

  const header = pad(first, width);
  const rows = rest.map((row) => {
    const cells: TCsvRow = new Array(width);
    for (let i = 0; i < width; i += 1) cells[i] = toCell(row[i] ?? '');
    return cells;
  });
  return { header, rows };
}

function pad(row: string[], width: number): string[] {
  return row.length >= width ? row : [...row, ...new Array<string>(width - row.length).fill('')];
}

/** An uploaded CSV file as a table; 415 when it is no CSV text, 400 when it is empty or broken. */
export function readCsv(data: Buffer): CsvTable {
  return parseCsvText(decodeCsv(data));
}
