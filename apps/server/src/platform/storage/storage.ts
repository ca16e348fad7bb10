import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createS3Storage, type S3Settings } from './s3-storage.ts';

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

/** STORAGE_URL: `file:/path` (the default, a folder in DATA_DIR) or `s3://bucket/prefix` (with `s3`). */
export function createStorage(config: { storageUrl: string; s3: S3Settings | undefined }): Storage {
  if (config.s3) return createS3Storage(config.s3);
  if (config.storageUrl.startsWith('file:'))
    return createLocalStorage(config.storageUrl.slice('file:'.length));
  throw new Error(`STORAGE_URL "${config.storageUrl}" is not supported; use file:/path or s3://bucket`);
}

/** Deletes files no record points at any more; one that cannot go now is a leftover, never an error. */
export async function discardFiles(
  storage: Storage,
  keys: readonly (string | null | undefined)[],
): Promise<void> {
  await Promise.all(keys.flatMap((key) => (key ? [storage.delete(key).catch(() => undefined)] : [])));
}

/** What a save's transaction reports: its result and the stored files the saved record no longer uses. */
export interface CommitOutcome<T> {
  result: T;
  replaced: readonly (string | null | undefined)[];
}

/**
 * Saves a record that points at stored files. The new `files` are written before `commit` (a database
 * transaction) runs; when it fails they are deleted again, and once it has committed the files it replaced
 * are deleted. So a failed save leaves no file behind and a successful one leaves no replaced file.
 */
export async function commitWithFiles<T>(
  storage: Storage,
  files: readonly { key: string; data: Buffer }[],
  commit: () => Promise<CommitOutcome<T>>,
): Promise<T> {
  const written: string[] = [];
  let outcome: CommitOutcome<T>;
  try {
    for (const file of files) {
      written.push(file.key);
      await storage.put(file.key, file.data);
    }
    outcome = await commit();
  } catch (error) {
    await discardFiles(storage, written);
    throw error;
  }
  await discardFiles(storage, outcome.replaced);
  return outcome.result;
}
