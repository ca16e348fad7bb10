import { describe, expect, it } from 'vitest';
import { isCsvFile } from './csv-file';

describe('isCsvFile', () => {
  it('accepts text/csv', () => {
    expect(isCsvFile({ name: 'preise.txt', type: 'text/csv' })).toBe(true);
  });

  it('accepts a .csv file that the system labels as Excel or not at all', () => {
    expect(isCsvFile({ name: 'Preise.CSV', type: 'application/vnd.ms-excel' })).toBe(true);
    expect(isCsvFile({ name: 'preise.csv', type: '' })).toBe(true);
  });

  it('refuses other files', () => {
    expect(
      isCsvFile({
        name: 'preise.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toBe(false);
    expect(isCsvFile({ name: 'bild.csv', type: 'image/png' })).toBe(false);
    expect(isCsvFile({ name: 'preise.txt', type: 'text/plain' })).toBe(false);
  });
});
