import { SYNONYM_TERMS_MAX } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  focusAfterRemoval,
  synonymFormDefaults,
  TERM_FIELDS,
  withTermAdded,
  withTermRemoved,
} from './synonym-form';

describe('the synonym form', () => {
  it('starts a new group with two empty terms, an existing one with a copy of its terms', () => {
    expect(synonymFormDefaults(undefined)).toEqual({ terms: ['', ''] });
    const group = {
      id: 3,
      terms: ['ESG', 'Einscheibensicherheitsglas'],
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = synonymFormDefaults(group);
    expect(values).toEqual({ terms: ['ESG', 'Einscheibensicherheitsglas'] });
    values.terms.push('x');
    expect(group.terms).toHaveLength(2);
  });

  it('adds an empty term at the end until the group is full', () => {
    expect(withTermAdded(['A', 'B'])).toEqual(['A', 'B', '']);
    const full = Array.from({ length: SYNONYM_TERMS_MAX }, (_, i) => `T${i}`);
    expect(withTermAdded(full)).toEqual(full);
  });

  it('removes the term at its place and gives the focus to the one that took it, else the last', () => {
    expect(withTermRemoved(['A', 'B', 'C'], 1)).toEqual(['A', 'C']);
    expect(focusAfterRemoval(1, 2)).toBe(1);
    expect(focusAfterRemoval(2, 2)).toBe(1);
  });

  it('places server messages at the term they name, before the list as a whole', () => {
    const at = (path: string) => TERM_FIELDS.find((field) => path === field || path.startsWith(`${field}.`));
    expect(at('terms.1')).toBe('terms.1');
    expect(at('terms.12')).toBe('terms.12');
    expect(at('terms')).toBe('terms');
  });
});
