import type { TCompanyImportResult } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { changesSomething, countParts, mayRun } from './import-view';

const preview = (outcomes: TCompanyImportResult['rows'][number]['outcome'][]): TCompanyImportResult => {
  const rows = outcomes.map((outcome, index) => ({
    line: index + 2,
    company: `Firma ${index}`,
    outcome,
    message: outcome === 'error' ? 'Das Bundesland „Bayren“ ist unbekannt.' : null,
  }));
  const counts = { new: 0, changed: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return { dryRun: true, applied: false, rows, counts };
};

describe('the import preview', () => {
  it('offers to run a file without errors', () => {
    expect(mayRun(preview(['new', 'changed', 'unchanged']))).toBe(true);
  });

  it('refuses to run a file with an error row, as the server would', () => {
    expect(mayRun(preview(['new', 'error']))).toBe(false);
  });

  it('never offers to run a result that was applied already', () => {
    expect(mayRun({ ...preview(['new']), dryRun: false, applied: true })).toBe(false);
  });

  it('tells whether a file changes anything', () => {
    expect(changesSomething(preview(['unchanged', 'unchanged']))).toBe(false);
    expect(changesSomething(preview(['unchanged', 'changed']))).toBe(true);
  });

  it('counts every outcome in German, also those that did not occur', () => {
    expect(countParts(preview(['new', 'new', 'error']).counts).map((part) => part.text)).toEqual([
      'neu: 2',
      'geändert: 0',
      'unverändert: 0',
      'Fehler: 1',
    ]);
  });
});
