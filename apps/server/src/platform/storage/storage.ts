import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A file on the local disk to be stored as it is (an upload's temp file), without reading it into memory. */
interface LocalFile {
  path: string;
  size: number;
}

/** What a file is stored from: bytes in memory, or a file on disk that is copied or streamed. */
export type StorageBody = Buffer | LocalFile;

/** Where uploaded files live. Keys are relative paths such as `blog/2026/…/photo.jpg`. */
export interface Storage {
  put(key: string, body: StorageBody): Promise<void>;
  /** a stream of the file, or undefined when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Removes temp files of writes that never finished (a crash between writing and renaming) and were begun
   * before `before`; returns how many. Storages whose writes are atomic by themselves (S3) have none.
   */
  removeStaleTempFiles(before: Date): Promise<number>;
}

/** The size of what is about to be stored. */
export const bodySize = (body: StorageBody): number => (Buffer.isBuffer(body) ? body.length : body.size);

/** Keys start with a letter or digit, so no key can name the temp folder `.partial` or climb out. */
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

/**
 * The folder of a local storage's unfinished writes. It lies inside the root, so that a rename never
 * crosses file systems, and starts with a dot, which no key can (KEY), so that it never holds a stored file
 * and a sweep lists this one folder instead of the whole tree.
 */
export const PARTIAL_FOLDER = '.partial';

/**
 * Files in a local folder. A write goes to a temp file in PARTIAL_FOLDER first and is renamed into place,
 * so a reader never sees half a file; a failed write removes its temp file, and one left by a crash is
 * removed by removeStaleTempFiles.
 */
export function createLocalStorage(root: string): Storage {
  const partial = path.join(root, PARTIAL_FOLDER);
  const resolve = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await mkdir(partial, { recursive: true });
      const temp = path.join(partial, `${randomUUID()}.part`);
      try {
        // copyFile lets the kernel copy (copy_file_range), so an upload's temp file never passes through memory.
        if (Buffer.isBuffer(body)) await writeFile(temp, body);
        else await copyFile(body.path, temp);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
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
    async removeStaleTempFiles(before) {
      const names = await readdir(partial).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        if (!name.endsWith('.part')) continue;
        const file = path.join(partial, name);
        const info = await stat(file).catch(() => undefined);
        // A write in progress keeps touching its file; only one untouched since `before` is abandoned.
        if (!info || info.mtimeMs > before.getTime()) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
