import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createSafeStorage } from '../../../lib/storage';
import { readViewMode, VIEW_MODE_KEY, writeViewMode } from './view-mode';

describe('events view mode', () => {
  it('starts with the calendar', () => {
    expect(readViewMode(createMemoryStorage())).toBe('calendar');
  });

  it('starts with the listing on a narrow screen', () => {
    expect(readViewMode(createMemoryStorage(), true)).toBe('list');
  });

  it('keeps a chosen calendar on a narrow screen', () => {
    const storage = createMemoryStorage();
    writeViewMode('calendar', storage);
    expect(readViewMode(storage, true)).toBe('calendar');
  });

  it('remembers the chosen mode', () => {
    const storage = createMemoryStorage();
    writeViewMode('list', storage);
    expect(storage.get(VIEW_MODE_KEY)).toBe('list');
    expect(readViewMode(storage)).toBe('list');
    writeViewMode('calendar', storage);
    expect(readViewMode(storage)).toBe('calendar');
  });

  it('ignores values it does not know', () => {
    const storage = createMemoryStorage();
    storage.set(VIEW_MODE_KEY, 'tabelle');
    expect(readViewMode(storage)).toBe('calendar');
  });

  it('keeps the choice in memory where localStorage throws', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    writeViewMode('list', storage);
    expect(readViewMode(storage)).toBe('list');
  });
});
