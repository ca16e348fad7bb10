import { IMPORT_OUTCOMES, type TCompanyImportOutcome, type TCompanyImportResult } from '@portal/contract';
import { de } from '../../../../i18n/de';

const texts = de.adminCompanies.importPage;

export function outcomeLabel(outcome: TCompanyImportOutcome): string {
  return texts.outcomes[outcome];
}

/** The counts in the order of a row's life: 'neu: 2 · geändert: 1 · unverändert: 0 · Fehler: 1'. */
export function countParts(
  counts: TCompanyImportResult['counts'],
): { outcome: TCompanyImportOutcome; text: string }[] {
  return IMPORT_OUTCOMES.map((outcome) => ({
    outcome,
    text: texts.count(outcomeLabel(outcome), counts[outcome] ?? 0),
  }));
}

function errorCount(result: TCompanyImportResult): number {
  return result.counts.error ?? result.rows.filter((row) => row.outcome === 'error').length;
}

/** The server refuses a file with any error as a whole (decision 0173): it is run only without one. */
export function mayRun(result: TCompanyImportResult): boolean {
  return result.dryRun && errorCount(result) === 0;
}

/** Whether running the file would write anything (besides its audit entry). */
export function changesSomething(result: TCompanyImportResult): boolean {
  return result.rows.some((row) => row.outcome === 'new' || row.outcome === 'changed');
}
