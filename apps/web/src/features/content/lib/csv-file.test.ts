import { describe, expect, it } from 'vitest';
import { csvFileError, isCsvFile } from './csv-file';

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

describe('csvFileError', () => {
  const MB = 1024 * 1024;

  it('refuses another type or a file over the limit, and takes a CSV within it', () => {
    expect(csvFileError({ name: 'preise.csv', type: 'text/csv', size: MB }, 20)).toBeNull();
    expect(csvFileError({ name: 'preise.xlsx', type: 'application/zip', size: MB }, 20)).toBe(
      'Die Datei muss eine CSV-Datei sein.',
    );
    expect(csvFileError({ name: 'preise.csv', type: 'text/csv', size: 20.5 * MB }, 20)).toBe(
      '„preise.csv“ ist zu groß (20,5 MB). Erlaubt sind höchstens 20 MB je Datei.',
    );
  });
});
