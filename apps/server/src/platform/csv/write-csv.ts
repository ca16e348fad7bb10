import type { TCsvRow } from '@portal/contract';
import Papa from 'papaparse';

const BOM = '\uFEFF';
/** Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP "CSV injection"). */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A table as the CSV the server writes (ARCHITECTURE §4): UTF-8 with BOM, `;` and CRLF, so German Excel
 * opens it as it is; links written back as `[Titel](url)`; formula-like cells escaped.
 */
export function writeCsv(header: readonly string[], rows: readonly TCsvRow[]): Buffer {
  const text = Papa.unparse(
    [
      header,
      ...rows.map((row) =>
        row.map((cell) => (typeof cell === 'string' ? cell : `[${cell.title}](${cell.url})`)),
      ),
    ],
    { delimiter: ';', newline: '\r\n', escapeFormulae: FORMULA },
  );
  return Buffer.from(`${BOM}${text}\r\n`, 'utf8');
}
