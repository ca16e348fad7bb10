import { describe, expect, it } from 'vitest';
import { createSafeStorage } from './storage';

function fakeLocalStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

function throwingStorage(): Storage {
  const fail = (): never => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { length: 0, clear: fail, getItem: fail, key: fail, removeItem: fail, setItem: fail };
}

describe('createSafeStorage', () => {
  it('reads and writes localStorage when it works', () => {
    const backing = fakeLocalStorage();
    const storage = createSafeStorage(() => backing);
    storage.set('token', 'abc');
    expect(backing.getItem('token')).toBe('abc');
    expect(storage.get('token')).toBe('abc');
    storage.remove('token');
    expect(backing.getItem('token')).toBeNull();
  });

  it('keeps values in memory when reading window.localStorage throws (cross-site iframe)', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    storage.set('token', 'abc');
    expect(storage.get('token')).toBe('abc');
    storage.remove('token');
    expect(storage.get('token')).toBeNull();
  });

  it('keeps values in memory when every storage call throws (private mode)', () => {
    const storage = createSafeStorage(throwingStorage);
    storage.set('refresh_token', 'r1');
    expect(storage.get('refresh_token')).toBe('r1');
  });

  it('falls back to memory when storage starts throwing later', () => {
    const backing = fakeLocalStorage();
    const storage = createSafeStorage(() => backing);
    backing.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    storage.set('expires_at', '123');
    expect(storage.get('expires_at')).toBe('123');
  });

  it('works without any localStorage', () => {
    const storage = createSafeStorage(() => null);
    storage.set('token', 'x');
    expect(storage.get('token')).toBe('x');
  });
});
