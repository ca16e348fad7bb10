import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/platform/db/database.ts';
import { type S3Peer, startS3Peer } from '../helpers/s3-peer.ts';
import { adminToken, freePort, postForm, run, waitForHealth } from '../helpers/server-process.ts';

// Issue 13, point 5, shown with a real process: the server is killed with SIGKILL while 30 uploads to the
// media library are under way. Before the restart every stored file that no record points at is in the
// upload ledger; after a restart with UPLOAD_GRACE_MINUTES=0 the stored files are exactly the recorded ones,
// with no temp file left. In the SQLite gate on the embedded default (SQLite, local folder); in the
// PostgreSQL gate on a database of its own in the throwaway cluster and a bucket on s3rver.

const UPLOADS = 30;
const PREFIX = 'absturz';
const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') === true;
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
const uploadsRoot = path.join(dataDir, 'uploads');
let database: TDatabaseConfig = { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') };
let backends: Record<string, string> = {};
let peer: S3Peer | undefined;

beforeAll(async () => {
  const clusterUrl = process.env.DATABASE_URL;
  if (!onPostgres || !clusterUrl) return;
  const name = `crash_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  database = { kind: 'postgres', url: url.toString() };
  peer = await startS3Peer();
  backends = { DATABASE_URL: url.toString(), ...peer.env(PREFIX) };
});
afterAll(async () => {
  await peer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (grace: string) => ({
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  JWT_SECRET: 'crash-test-secret-that-is-long-enough-0123456789',
  UPLOAD_GRACE_MINUTES: grace,
  ...backends,
});

async function start(grace: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = run('src/main.ts', [], { ...env(grace), PORT: String(port), PUBLIC_URL: url });
  await waitForHealth(url, server.child).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
  return { url, ...server };
}

/**
 * Every stored file, as keys, temp files included; except the health check's probe file
 * (`health/<instance>.txt`), which no record owns and each check writes and removes itself.
 */
async function storedFiles(): Promise<string[]> {
  const keys = peer
    ? (await peer.keys(`${PREFIX}/`)).map((key) => key.slice(PREFIX.length + 1))
    : existsSync(uploadsRoot)
      ? readdirSync(uploadsRoot, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) =>
            path.relative(uploadsRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
      : [];
  return keys.filter((key) => !key.startsWith('health/')).sort();
}

/** The keys the database points at (every table that holds stored files) and the ledger's keys. */
async function recorded(): Promise<{ referenced: Set<string>; intents: Set<string> }> {
  const opened = createDatabase(database);
  try {
    const { db } = opened;
    const keys = [
      ...(await db.selectFrom('mediaFiles').select('storageKey as key').execute()),
      ...(await db.selectFrom('blogPosts').select('imageKey as key').execute()),
      ...(await db.selectFrom('events').select('imageKey as key').execute()),
      ...(await db.selectFrom('contentItems').select('csvKey as key').execute()),
      ...(await db.selectFrom('forumPostMedia').select('storageKey as key').execute()),
      ...(await db.selectFrom('forumPostMedia').select('thumbnailKey as key').execute()),
    ].flatMap((row) => (row.key ? [row.key] : []));
    const intents = await db.selectFrom('uploadIntents').select('key').execute();
    return { referenced: new Set(keys), intents: new Set(intents.map((row) => row.key)) };
  } finally {
    await opened.close();
  }
}

describe('a server killed during 30 uploads', () => {
  it('should keep files and records in step once restarted', { timeout: 240_000 }, async () => {
    const first = await start('60');
    const token = await adminToken(first.url);
    const category = await postForm(`${first.url}/api/mediaCategory/`, token, {
      mediaCategory: JSON.stringify({ name: 'Absturz' }),
    });
    expect(category.status).toBe(200);
    const tree = (await category.json()) as { id: number; name: string }[];
    const categoryId = tree.find((node) => node.name === 'Absturz')?.id;

    const answers: number[] = [];
    const uploads = Array.from({ length: UPLOADS }, (_, i) => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(512 * 1024 + i * 1024)]);
      return postForm(`${first.url}/api/media/`, token, {
        media: JSON.stringify({ name: `Dokument ${i + 1}`, category: categoryId }),
        file: new File([new Uint8Array(pdf)], `dokument-${i + 1}.pdf`, { type: 'application/pdf' }),
      }).then(
        (response) => answers.push(response.status),
        () => answers.push(0),
      );
    });
    // Killed as soon as the first uploads have been saved: the others are somewhere on their way.
    await expect
      .poll(() => answers.filter((status) => status === 200).length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(uploads);

    // Every stored file that no record points at is in the ledger, so the sweep can find it.
    const before = await recorded();
    const unowned = (await storedFiles()).filter(
      (key) => !key.startsWith('.partial/') && !before.referenced.has(key),
    );
    expect(unowned.filter((key) => !before.intents.has(key))).toEqual([]);

    const second = await start('0');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const after = await recorded();
    expect(await storedFiles()).toEqual([...after.referenced].sort());
    expect(after.intents.size).toBe(0);
    const uploadTemp = path.join(dataDir, 'tmp', 'uploads');
    expect(existsSync(uploadTemp) ? readdirSync(uploadTemp) : []).toEqual([]);
    console.warn(
      `${answers.filter((s) => s === 200).length} of ${UPLOADS} saved before the kill; ` +
        `${unowned.length} stored files without a record swept at the restart`,
    );
  });
});
