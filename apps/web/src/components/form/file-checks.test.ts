import { describe, expect, it } from 'vitest';
import { fileSizeError } from './file-checks';

const MB = 1024 * 1024;

describe('file size checks', () => {
  it('takes a file up to the limit, as the server does', () => {
    expect(fileSizeError({ name: 'a.pdf', size: 20 * MB }, 20)).toBeNull();
    expect(fileSizeError({ name: 'a.pdf', size: 0 }, 20)).toBeNull();
  });

  it('refuses a larger file, naming it, its size and the limit', () => {
    expect(fileSizeError({ name: 'Preisliste.pdf', size: 20.5 * MB }, 20)).toBe(
      '„Preisliste.pdf“ ist zu groß (20,5 MB). Erlaubt sind höchstens 20 MB je Datei.',
    );
    expect(fileSizeError({ name: 'b.png', size: 20 * MB + 1 }, 20)).toContain('(20,1 MB)');
    expect(fileSizeError({ name: 'c.csv', size: 8 * MB }, 7)).toContain('höchstens 7 MB');
  });
});
