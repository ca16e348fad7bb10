import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize } from './formatting';

describe('formatFileSize', () => {
  it('writes sizes in German with decimal units', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(999)).toBe('999 Bytes');
    expect(formatFileSize(12_345)).toBe('12 kB');
    expect(formatFileSize(1_440_000)).toBe('1,4 MB');
    expect(formatFileSize(1_234_567)).toBe('1,2 MB');
    expect(formatFileSize(20_000_000)).toBe('20 MB');
  });
});

describe('formatDateTime', () => {
  it('writes Berlin time with Uhr', () => {
    expect(formatDateTime('2026-03-29T08:30:00.000Z')).toBe('29.03.2026, 10:30 Uhr');
  });
});
