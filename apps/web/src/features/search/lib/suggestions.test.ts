import { SEARCH_QUERY_MAX } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTermDebounce, SUGGEST_DELAY_MS, suggestionTerm } from './suggestions';

describe('suggestion term', () => {
  it('asks only from two characters, trimmed', () => {
    expect(suggestionTerm('g')).toBeNull();
    expect(suggestionTerm(' g ')).toBeNull();
    expect(suggestionTerm(' gl ')).toBe('gl');
  });

  it('does not ask for a text the server would refuse as too long', () => {
    expect(suggestionTerm('x'.repeat(SEARCH_QUERY_MAX))).toBe('x'.repeat(SEARCH_QUERY_MAX));
    expect(suggestionTerm('x'.repeat(SEARCH_QUERY_MAX + 1))).toBeNull();
  });
});

describe('suggestion debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles on the last text once typing pauses, not before', () => {
    const settled: (string | null)[] = [];
    const debounce = createTermDebounce((term) => settled.push(term));
    for (const text of ['gl', 'gla', 'glas']) {
      debounce.push(text);
      vi.advanceTimersByTime(SUGGEST_DELAY_MS - 1);
    }
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual(['glas']);
  });

  it('pauses long enough to save requests, short enough for the 150 ms of issue 16', () => {
    expect(SUGGEST_DELAY_MS).toBeGreaterThanOrEqual(50);
    expect(SUGGEST_DELAY_MS).toBeLessThanOrEqual(100);
  });

  it('closes at once when the text becomes too short, dropping a pending ask', () => {
    const settled: (string | null)[] = [];
    const debounce = createTermDebounce((term) => settled.push(term));
    debounce.push('glas');
    debounce.push('g');
    expect(settled).toEqual([null]);
    vi.advanceTimersByTime(1000);
    expect(settled).toEqual([null]);
  });

  it('asks nothing after cancel (the field left the page)', () => {
    const onSettle = vi.fn();
    const debounce = createTermDebounce(onSettle);
    debounce.push('glas');
    debounce.cancel();
    vi.advanceTimersByTime(1000);
    expect(onSettle).not.toHaveBeenCalled();
  });
});
