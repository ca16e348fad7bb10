/**
 * localStorage with a memory fallback. In a cross-site iframe (partitioned or blocked storage) and in some
 * private modes every access to localStorage can throw; the session then lives in memory (ARCHITECTURE §4).
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
  };
}

/** `getBacking` may itself throw (reading `window.localStorage` does in a blocked iframe). */
export function createSafeStorage(getBacking: () => Storage | null | undefined): KeyValueStorage {
  const memory = createMemoryStorage();
  let backing = probe(getBacking);

  function fallBack(): void {
    backing = null;
  }

  return {
    get(key) {
      if (!backing) return memory.get(key);
      try {
        return backing.getItem(key);
      } catch {
        fallBack();
        return memory.get(key);
      }
    },
    set(key, value) {
      memory.set(key, value);
      if (!backing) return;
      try {
        backing.setItem(key, value);
      } catch {
        fallBack();
      }
    },
    remove(key) {
      memory.remove(key);
      if (!backing) return;
      try {
        backing.removeItem(key);
      } catch {
        fallBack();
      }
    },
  };
}

function probe(getBacking: () => Storage | null | undefined): Storage | null {
  try {
    const storage = getBacking();
    if (!storage) return null;
    const key = '__portal_probe__';
    storage.setItem(key, key);
    storage.removeItem(key);
    return storage;
  } catch {
    return null;
  }
}

export function browserLocalStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}
