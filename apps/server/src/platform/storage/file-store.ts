import { MESSAGES } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { cleanUp } from '../db/side-work.ts';
import { conflict } from '../http/errors.ts';
import type { Storage, StorageBody } from './storage.ts';
import { createUploadIntents, type UploadIntents } from './upload-intents.ts';

/** A file a save writes: its new key and what it is stored from. */
export interface NewFile {
  key: string;
  body: StorageBody;
}

/** What a save's transaction reports: its result and the stored files the saved record no longer uses. */
export interface CommitOutcome<T> {
  result: T;
  replaced: readonly (string | null | undefined)[];
}

/**
 * The application's file storage: the plain operations of Storage, plus the one way a feature saves records
 * that point at files (commit) and lets go of files its records no longer use (discard). Both keep the
 * upload ledger (upload-intents.ts) so that no crash, timeout or failed save leaves a file nothing points at,
 * and no deletion removes a file that a running backup's snapshot still references.
 */
export interface FileStore extends Storage {
  /**
   * Saves records that point at new stored files. Each key is recorded in the ledger before its file is
   * written; `work` then runs in one transaction that also removes those keys from the ledger, and fails
   * (409, nothing saved) when one is gone because a sweep took it. A failed save deletes its own files at
   * once; after the commit, the files `work` reports as replaced are discarded.
   */
  commit<T>(files: readonly NewFile[], work: (trx: Transaction<DB>) => Promise<CommitOutcome<T>>): Promise<T>;
  /**
   * Deletes files that committed changes no longer reference. While a backup holds deletions, or when a
   * deletion fails, the key is recorded in the ledger instead and the sweep deletes the file later.
   */
  discard(keys: readonly (string | null | undefined)[]): Promise<void>;
  /** the ledger, for the sweep */
  readonly intents: UploadIntents;
}

export interface FileStoreDeps {
  database: Pick<Database, 'db' | 'kind'>;
  storage: Storage;
  log: FastifyBaseLogger;
}

export function createFileStore(deps: FileStoreDeps): FileStore {
  const { storage, log } = deps;
  const { db } = deps.database;
  const intents = createUploadIntents(db, deps.database.kind);

  /** Leaves a file for the sweep; when even that fails, it stays as a leftover, which is never an error. */
  const deferDeletion = async (keys: readonly string[]) => {
    await intents.record(keys).catch((error: unknown) => {
      log.warn({ err: error, keys }, 'files left in storage: their deletion could not be recorded');
    });
  };

  /**
   * The files of a save that did not commit. Only keys whose ledger row this call removes are deleted: a
   * row that is gone means the save did commit after all (a lost answer to COMMIT), or a sweep owns it.
   * When the database cannot be reached, the rows stay and the sweep deletes the files later.
   */
  const removeUncommitted = async (keys: readonly string[]) => {
    const owned = await intents.release(keys).catch(() => [] as string[]);
    const failed: string[] = [];
    await Promise.all(owned.map((key) => store.delete(key).catch(() => void failed.push(key))));
    if (failed.length > 0) await deferDeletion(failed);
  };

  const store: FileStore = {
    put: (key, body) => storage.put(key, body),
    read: (key) => storage.read(key),
    delete: (key) => storage.delete(key),
    removeStaleTempFiles: (before) => storage.removeStaleTempFiles(before),
    intents,

    async commit(files, work) {
      const keys = files.map((file) => file.key);
      await intents.record(keys);
      let outcome: Awaited<ReturnType<typeof work>>;
      try {
        // Through the store's own methods, so that a test can stand in for the storage at this one place.
        for (const file of files) await store.put(file.key, file.body);
        outcome = await db.transaction().execute(async (trx) => {
          if (!(await intents.settle(trx, keys))) throw conflict(MESSAGES.uploadExpired);
          return work(trx);
        });
      } catch (error) {
        await cleanUp('removing the files of a save that was not saved', () => removeUncommitted(keys));
        throw error;
      }
      await store.discard(outcome.replaced);
      return outcome.result;
    },

    async discard(given) {
      const keys = [...new Set(given.filter((key): key is string => Boolean(key)))];
      if (keys.length === 0) return;
      // When the hold cannot be read, the files are kept: a backup may be running.
      const held = await intents.deletionsHeld().catch(() => true);
      if (held) {
        await deferDeletion(keys);
        return;
      }
      const failed: string[] = [];
      await Promise.all(keys.map((key) => store.delete(key).catch(() => void failed.push(key))));
      if (failed.length > 0) await deferDeletion(failed);
    },
  };
  return store;
}
