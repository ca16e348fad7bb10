import { SEARCH_COUNT_CAP } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de';

describe('search counts', () => {
  it('shows a count as it is, and one with more hits than counted with a plus', () => {
    expect(de.search.chip('Neuigkeiten', 12)).toBe('Neuigkeiten (12)');
    expect(de.search.chip('Neuigkeiten', SEARCH_COUNT_CAP, true)).toBe('Neuigkeiten (1.000+)');
    expect(de.search.count(1, 'glas')).toBe('1 Treffer für „glas“');
    expect(de.search.count(2400, 'glas')).toBe('2.400 Treffer für „glas“');
    expect(de.search.count(3200, 'glas', true)).toBe('3.200+ Treffer für „glas“');
  });
});
