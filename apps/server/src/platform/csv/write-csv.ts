import type { TCsvCell, TCsvRow } from '@portal/contract';
import Papa from 'papaparse';
import { joinBuffers } from '../uploads/join-buffers.ts';

const BOM = '\uFEFF';
const NEWLINE = '\r\n';
/**
 * Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP "CSV injection"): those starting
 * with = + - @ | or their full-width forms (Excel reads ＝ as =), also behind invisible or blank characters
 * (a zero-width space, a BOM, a non-breaking space), and those starting with a tab or a line break.
 */
const FORMULA = /^(?:[\t\r\n]|[\p{Cc}\p{Cf}\p{Z}]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFF5C])/u;

function lines(rows: readonly (readonly TCsvCell[])[]): string {
  return Papa.unparse(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? cell : `[${cell.title}](${cell.url})`))),
    { delimiter: ';', newline: NEWLINE, escapeFormulae: FORMULA },
  );
}

/**
 * A table as the CSV the server writes (ARCHITECTURE §4): UTF-8 with BOM, `;` and CRLF, so German Excel
 * opens it as it is; links written back as `[Titel](url)`; formula-like cells escaped.
 */
export function writeCsv(header: readonly string[], rows: readonly TCsvRow[]): Buffer {
  return Buffer.from(`${BOM}${lines([header, ...rows])}${NEWLINE}`, 'utf8');
}

/**
 * The same bytes as writeCsv, built a slice of rows at a time while a large table is read, so that neither
 * the whole table nor one long stretch of work is needed; joined at the end a megabyte per turn.
 */
export function createCsvCopy(header: readonly string[]) {
  const parts = [Buffer.from(`${BOM}${lines([header])}${NEWLINE}`, 'utf8')];
  return {
    add(rows: readonly TCsvRow[]): void {
      if (rows.length > 0) parts.push(Buffer.from(`${lines(rows)}${NEWLINE}`, 'utf8'));
    },
    toBuffer: (): Promise<Buffer> => joinBuffers(parts),
  };
}
