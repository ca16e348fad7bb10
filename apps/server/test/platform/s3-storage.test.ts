import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { MEDIA_API, type TMediaFile } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { createS3Storage } from '../../src/platform/storage/s3-storage.ts';
import { createLocalStorage, type Storage } from '../../src/platform/storage/storage.ts';
import { type S3Peer, startS3Peer } from '../helpers/s3-peer.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, createFile, fetchPublic, saveFile, uploads } from '../media/media-helpers.ts';

let peer: S3Peer;
let folder: string;
beforeAll(async () => {
  peer = await startS3Peer();
  folder = await mkdtemp(path.join(tmpdir(), 'portal-storage-'));
});
afterAll(async () => {
  await peer.stop();
  await rm(folder, { recursive: true, force: true });
});

const s3 = (prefix: string) =>
  createS3Storage({
    bucket: peer.bucket,
    prefix,
    region: 'eu-central-1',
    endpoint: peer.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    sessionToken: undefined,
  });

describe.each([
  ['a local folder', () => createLocalStorage(folder)],
  ['an S3 bucket', () => s3('contract')],
])('storage in %s', (_name, open: () => Storage) => {
  it('should give back exactly the bytes it stored, with their size', async () => {
    const storage = open();
    const data = randomBytes(300_000);
    await storage.put('media/2026/a.bin', data);
    const stored = await storage.read('media/2026/a.bin');
    expect(stored?.size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it('should replace a file whole and forget a deleted one', async () => {
    const storage = open();
    await storage.put('blog/2026/b.txt', Buffer.from('erste Fassung'));
    await storage.put('blog/2026/b.txt', Buffer.from('zweite'));
    const stored = await storage.read('blog/2026/b.txt');
    expect(stored && (await text(stored.stream))).toBe('zweite');
    await storage.delete('blog/2026/b.txt');
    expect(await storage.read('blog/2026/b.txt')).toBeUndefined();
  });

  it('should answer undefined for a missing file and accept deleting one', async () => {
    const storage = open();
    expect(await storage.read('blog/2026/fehlt.txt')).toBeUndefined();
    await expect(storage.delete('blog/2026/fehlt.txt')).resolves.toBeUndefined();
  });

  it('should refuse a key that leaves its folder', async () => {
    await expect(open().put('../aussen.txt', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });
});

describe('S3 storage', () => {
  it('should keep every object below its prefix', async () => {
    await s3('mandant-a/dateien').put('media/2026/c.txt', Buffer.from('c'));
    expect(await peer.keys('mandant-a/')).toEqual(['mandant-a/dateien/media/2026/c.txt']);
  });

  it('should fail a write to a bucket that does not exist', async () => {
    const missing = createS3Storage({
      bucket: 'gibt-es-nicht',
      prefix: '',
      region: 'eu-central-1',
      endpoint: peer.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      sessionToken: undefined,
    });
    await expect(missing.put('media/x.txt', Buffer.from('x'))).rejects.toThrow(
      /S3 upload of "media\/x.txt" failed with 404/,
    );
  });
});

describe('the app on S3 storage', () => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld({ env: peer.env('app') });
  });
  afterAll(() => w.t.close());

  it('should store an upload in the bucket and serve it at its public address', async () => {
    const category = await createCategory(w, { name: 'Merkblätter' });
    const file = await createFile(w, category, 'Merkblatt', uploads.pdf());
    expect(await peer.keys('app/')).toEqual([
      expect.stringMatching(/^app\/media\/\d{4}\/[0-9a-f-]{36}\.pdf$/),
    ]);
    const served = await fetchPublic(w, file.publicPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(uploads.pdf().data)).toBe(true);
  });

  it('should delete the replaced object after a new binary and the last one with the entry', async () => {
    const category = await createCategory(w, { name: 'Fotos' });
    const before = new Set(await peer.keys('app/'));
    const file = await createFile(w, category, 'Logo', uploads.png());
    const [added] = (await peer.keys('app/')).filter((key) => !before.has(key));
    const replaced = await saveFile(w, w.as.admin, { id: file.id, name: 'Logo', category }, uploads.gif());
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<TMediaFile>().publicPath).toBe(file.publicPath);
    const keys = await peer.keys('app/');
    expect(keys).not.toContain(added);
    expect(keys.filter((key) => !before.has(key))).toEqual([expect.stringMatching(/\.gif$/)]);
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.file(file.id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await peer.keys('app/')).toEqual([...before].sort());
  });
});

describe('STORAGE_URL=s3://…', () => {
  const base = {
    NODE_ENV: 'test',
    DATA_DIR: path.join(tmpdir(), 'portal-config-test'),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  };

  it('should read the bucket, its folder and the usual AWS variables', () => {
    const config = loadConfig({
      ...base,
      STORAGE_URL: 's3://verband-portal/uploads/prod/',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'geheim',
      AWS_DEFAULT_REGION: 'eu-central-1',
    });
    expect(config.s3).toEqual({
      bucket: 'verband-portal',
      prefix: 'uploads/prod',
      region: 'eu-central-1',
      endpoint: undefined,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'geheim',
      sessionToken: undefined,
    });
  });

  it('should stop start-up without keys or with a bad bucket name, naming the variables', () => {
    expect(() => loadConfig({ ...base, STORAGE_URL: 's3://Bad_Bucket' })).toThrow(ConfigError);
    try {
      loadConfig({ ...base, STORAGE_URL: 's3://Bad_Bucket' });
    } catch (error) {
      expect(String(error)).toContain('"Bad_Bucket" is not a valid bucket name');
      expect(String(error)).toContain('AWS_ACCESS_KEY_ID: required');
      expect(String(error)).toContain('AWS_SECRET_ACCESS_KEY: required');
    }
  });

  it('should keep a folder as the default storage', () => {
    expect(loadConfig(base).s3).toBeUndefined();
  });
});
