import { CONTENT_MESSAGES } from '@portal/contract';
import { fileSizeError, uploadLimitMb } from '../../../components/form/file-checks';

/**
 * SPEC §5: the CSV file must be text/csv. Some systems label .csv files as Excel or leave the type empty;
 * those are accepted by their name, because the server checks the content anyway.
 */
const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/comma-separated-values']);
const LOOSE_TYPES = new Set(['', 'application/vnd.ms-excel', 'text/plain']);

export function isCsvFile(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (CSV_TYPES.has(type)) return true;
  return LOOSE_TYPES.has(type) && file.name.toLowerCase().endsWith('.csv');
}

/** Why a chosen file cannot be the table (no CSV, over the size limit), else null: told when it is chosen. */
export function csvFileError(
  file: { name: string; type: string; size: number },
  limitMb: number = uploadLimitMb(),
): string | null {
  return isCsvFile(file) ? fileSizeError(file, limitMb) : CONTENT_MESSAGES.csvType;
}
