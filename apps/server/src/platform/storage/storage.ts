import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are relative paths such as `blog/2026/…/photo.jpg`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** a stream of the file, or undefined when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,250}$/i;

/** Keys come from our own code, but never let one climb out of the storage root. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid storage key "${key}"`);
  }
}

/** A new key under `prefix` that nobody can guess: `<prefix>/<yyyy>/<uuid><ext>`. */
export function newKey(prefix: string, extension: string): string {
  return `${prefix}/${new Date().getUTCFullYear()}/${randomUUID()}${extension}`;
}

/** Files in a local folder; writes go to a temp file first and are renamed, so a reader never sees half a file. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    async read(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(file), size: info.size };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** STORAGE_URL: `file:/path` (the default, a folder in DATA_DIR). */
export function createStorage(storageUrl: string): Storage {
  if (storageUrl.startsWith('file:')) return createLocalStorage(storageUrl.slice('file:'.length));
  throw new Error(`STORAGE_URL "${storageUrl}" is not supported; use file:/path`);
}
