import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_API, MESSAGES, type TMediaFile } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettingsRepository } from '../../src/platform/db/settings.ts';
import { createFileStore, type FileStore } from '../../src/platform/storage/file-store.ts';
import { newKey, PARTIAL_FOLDER } from '../../src/platform/storage/storage.ts';
import { DELETIONS_HELD_KEY } from '../../src/platform/storage/upload-intents.ts';
import { createUploadSweeper } from '../../src/platform/storage/upload-sweeper.ts';
import { type S3Peer, startS3Peer } from '../helpers/s3-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, createFile, saveFile, uploads } from '../media/media-helpers.ts';

// Issue 13, point 5: a file written for a save that never committed is removed by the sweep once older than
// UPLOAD_GRACE_MINUTES (0 here); a committed one stays; a save whose file was swept fails instead of pointing
// at nothing; while a backup holds deletions, nothing is deleted until the hold ends.

let peer: S3Peer;
beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(() => peer.stop());

const MINUTE = 60_000;

describe.each([
  ['a local folder', () => ({})],
  ['an S3 bucket', () => peer.env(`sweep-${randomBytes(4).toString('hex')}`)],
])('the upload sweep on %s', (name, env: () => Record<string, string>) => {
  const local = name === 'a local folder';
  let w: World;
  let store: FileStore;
  let category = 0;
  beforeAll(async () => {
    w = await createWorld({ env: { ...env(), UPLOAD_GRACE_MINUTES: '0' } });
    store = w.t.app.storage;
    category = await createCategory(w, { name: 'Ablage' });
  }, 30_000);
  afterAll(() => w.t.close());

  const exists = async (key: string) => {
    const file = await store.read(key);
    file?.stream.destroy();
    return file !== undefined;
  };
  const intents = () => w.t.database.db.selectFrom('uploadIntents').select('key').execute();
  /** What a save leaves when the process dies between writing its file and committing its record. */
  const uncommitted = async () => {
    const key = newKey('media', '.pdf');
    await store.intents.record([key]);
    await store.put(key, Buffer.from('%PDF-1.4 abgebrochen'));
    return key;
  };
  const hold = (until: Date) =>
    createSettingsRepository(w.t.database.db).set(DELETIONS_HELD_KEY, until.toISOString());
  const release = () =>
    w.t.database.db.deleteFrom('settings').where('key', '=', DELETIONS_HELD_KEY).execute();
  const keyOf = async (file: TMediaFile) => {
    const row = await w.t.database.db
      .selectFrom('mediaFiles')
      .select('storageKey')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    return row.storageKey;
  };

  it('should remove the file of a save that never committed with grace 0, and log how many', async () => {
    const key = await uncommitted();
    const result = await w.t.app.uploadSweeper.runOnce();
    expect(result.files).toBe(1);
    expect(await exists(key)).toBe(false);
    expect(await intents()).toEqual([]);
    expect(w.t.logs()).toMatch(/"removed":1\b.*upload sweep removed stored files/);
  });

  it('should keep such a file within a grace of 60 minutes, and remove it after', async () => {
    const key = await uncommitted();
    const patient = createUploadSweeper({ files: store, graceMinutes: 60, log: w.t.app.log });
    expect((await patient.runOnce()).files).toBe(0);
    expect(await exists(key)).toBe(true);
    expect((await patient.runOnce(new Date(Date.now() + 59 * MINUTE))).files).toBe(0);
    expect(await exists(key)).toBe(true);
    expect((await patient.runOnce(new Date(Date.now() + 61 * MINUTE))).files).toBe(1);
    expect(await exists(key)).toBe(false);
  });

  it('should keep the file of a committed upload and leave no ledger row', async () => {
    const file = await createFile(w, category, 'Merkblatt', uploads.pdf());
    expect(await intents()).toEqual([]);
    await w.t.app.uploadSweeper.runOnce();
    expect(await exists(await keyOf(file))).toBe(true);
    const served = await w.t.app.inject({ url: file.publicPath });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(uploads.pdf().data)).toBe(true);
  });

  it('should fail a save whose file was swept meanwhile, write nothing and leave no file', async () => {
    const sweeper = createUploadSweeper({ files: store, graceMinutes: 0, log: w.t.app.log });
    // The sweep runs while the save is between writing its file and committing (a save slower than the grace).
    const slow = createFileStore({
      database: w.t.database,
      log: w.t.app.log,
      storage: {
        ...store,
        put: async (key, body) => {
          await store.put(key, body);
          await sweeper.runOnce();
        },
      },
    });
    const key = newKey('media', '.pdf');
    const save = slow.commit([{ key, body: Buffer.from('%PDF-1.4 zu spät') }], async (trx) => {
      await trx.insertInto('settings').values({ key: 'probe', value: key, updatedAt: new Date() }).execute();
      return { result: key, replaced: [] };
    });
    await expect(save).rejects.toMatchObject({ statusCode: 409, message: MESSAGES.uploadExpired });
    expect(await createSettingsRepository(w.t.database.db).get('probe')).toBeUndefined();
    expect(await exists(key)).toBe(false);
    expect(await intents()).toEqual([]);
  });

  it('should delete the new files and keep the current one when the transaction fails', async () => {
    const file = await createFile(w, category, 'Bestand', uploads.pdf());
    const current = await keyOf(file);
    const key = newKey('media', '.pdf');
    const failing = store.commit([{ key, body: Buffer.from('%PDF-1.4 neu') }], async () => {
      expect(await exists(key)).toBe(true);
      throw new Error('transaction failed');
    });
    await expect(failing).rejects.toThrow('transaction failed');
    expect(await exists(key)).toBe(false);
    expect(await exists(current)).toBe(true);
    expect(await intents()).toEqual([]);
  });

  it('should delete the files already written when writing another one fails', async () => {
    const [first, second] = [newKey('media', '.pdf'), newKey('media', '.pdf')];
    const flaky = createFileStore({
      database: w.t.database,
      log: w.t.app.log,
      storage: {
        ...store,
        put: (key, body) => (key === second ? Promise.reject(new Error('disk full')) : store.put(key, body)),
      },
    });
    let committed = false;
    const failing = flaky.commit(
      [
        { key: first, body: Buffer.from('a') },
        { key: second, body: Buffer.from('b') },
      ],
      async () => {
        committed = true;
        return { result: 1, replaced: [] };
      },
    );
    await expect(failing).rejects.toThrow('disk full');
    expect(committed).toBe(false);
    expect(await exists(first)).toBe(false);
    expect(await intents()).toEqual([]);
  });

  it('should defer deletions while a backup holds them, and sweep them after the hold', async () => {
    const file = await createFile(w, category, 'Preisliste', uploads.pdf());
    const replacedKey = await keyOf(file);
    const removed = await createFile(w, category, 'Alt', uploads.pdf());
    const removedKey = await keyOf(removed);
    const abandoned = await uncommitted();
    await hold(new Date(Date.now() + 60 * MINUTE));
    try {
      const replaced = await saveFile(
        w,
        w.as.admin,
        { id: file.id, name: 'Preisliste', category },
        uploads.gif(),
      );
      expect(replaced.statusCode).toBe(200);
      const deleted = await w.t.app.inject({
        method: 'DELETE',
        url: `${MEDIA_API.files}${removed.id}`,
        headers: w.as.admin,
      });
      expect(deleted.statusCode).toBe(204);
      // The database no longer points at them, but the backup's snapshot may: they stay for now.
      expect(await exists(replacedKey)).toBe(true);
      expect(await exists(removedKey)).toBe(true);
      expect((await w.t.app.uploadSweeper.runOnce()).held).toBe(true);
      expect(await exists(replacedKey)).toBe(true);
      expect(await exists(removedKey)).toBe(true);
      expect(await exists(abandoned)).toBe(true);
    } finally {
      await release();
    }
    const result = await w.t.app.uploadSweeper.runOnce();
    expect(result).toMatchObject({ held: false, files: 3 });
    expect(await exists(replacedKey)).toBe(false);
    expect(await exists(removedKey)).toBe(false);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(await keyOf(file))).toBe(true);
  });

  it('should delete at once again once the hold has passed', async () => {
    const file = await createFile(w, category, 'Vorbei', uploads.pdf());
    const key = await keyOf(file);
    await hold(new Date(Date.now() - MINUTE));
    try {
      const deleted = await w.t.app.inject({
        method: 'DELETE',
        url: `${MEDIA_API.files}${file.id}`,
        headers: w.as.admin,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await exists(key)).toBe(false);
      expect(await intents()).toEqual([]);
    } finally {
      await release();
    }
  });

  // Only a local folder writes temp files: an S3 PUT replaces an object whole or not at all.
  describe.runIf(local)('temp files of the local folder', () => {
    const partialFolder = () => path.join(w.t.config.storageUrl.replace(/^file:/, ''), PARTIAL_FOLDER);
    const partials = () => (existsSync(partialFolder()) ? readdirSync(partialFolder()) : []);

    it('should remove the temp file of a write that failed', async () => {
      const put = store.put(newKey('media', '.pdf'), {
        path: path.join(w.t.config.dataDir, 'fehlt.pdf'),
        size: 1,
      });
      await expect(put).rejects.toThrow();
      expect(partials()).toEqual([]);
    });

    it('should sweep .part files left by a crash once older than the grace', async () => {
      await mkdir(partialFolder(), { recursive: true });
      const left = path.join(partialFolder(), 'abgebrochen.part');
      await writeFile(left, randomBytes(1000));
      const hourAgo = new Date(Date.now() - 60 * MINUTE);
      await utimes(left, hourAgo, hourAgo);
      const patient = createUploadSweeper({ files: store, graceMinutes: 90, log: w.t.app.log });
      expect((await patient.runOnce()).partial).toBe(0);
      expect(partials()).toEqual(['abgebrochen.part']);
      expect((await w.t.app.uploadSweeper.runOnce()).partial).toBe(1);
      expect(partials()).toEqual([]);
    });
  });
});
