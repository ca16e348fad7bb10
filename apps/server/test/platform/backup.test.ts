import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TBlog, TMediaCategory, TMediaFile, TMediaFileMap } from '@portal/contract';
import pg from 'pg';
import { create as createTar, list as listTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBackupManifest } from '../../src/cli/backup-format.ts';
import type { TDatabaseConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/platform/db/database.ts';
import { DELETIONS_HELD_KEY } from '../../src/platform/storage/upload-intents.ts';
import { adminToken, getJson, postForm, run, serverDir, startServer } from '../helpers/server-process.ts';

const picture = readFileSync(path.resolve(serverDir, '../../test-fixtures/images/logo.png'));
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

/** Runs a CLI to its end: its exit code and what it printed. */
async function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const command = run(`src/cli/${script}.ts`, args, env);
  return { code: await command.exited, output: command.output() };
}

const pictureFile = (name: string) => new File([new Uint8Array(picture)], name, { type: 'image/png' });

/** An admin who keeps saving posts with pictures and media uploads until told to stop. */
function keepWriting(url: string, token: string, groupId: number, categoryId: number) {
  const acknowledged: string[] = [];
  const attempted: string[] = [];
  let stopping = false;
  const loop = async (kind: 'post' | 'media') => {
    for (let i = 0; !stopping; i++) {
      const title = `Sicherung ${kind} ${i}`;
      attempted.push(title);
      const response =
        kind === 'post'
          ? await postForm(`${url}/api/blog/`, token, {
              blog: JSON.stringify({
                title,
                preText: '<p>Kurz</p>',
                content: '<p>Lang</p>',
                visibleForUserGroups: [groupId],
                publishedAt: new Date(Date.now() - 60_000).toISOString(),
              }),
              image: pictureFile('bild.png'),
            })
          : await postForm(`${url}/api/media/`, token, {
              media: JSON.stringify({ name: `${title}.png`, category: categoryId }),
              file: pictureFile(`${title}.png`),
            });
      if (response.status !== 200) throw new Error(`${kind}: ${response.status} ${await response.text()}`);
      acknowledged.push(title);
    }
  };
  const loops = Promise.all([loop('post'), loop('media')]);
  return {
    acknowledged,
    attempted,
    stop: async () => {
      stopping = true;
      await loops;
    },
  };
}

/** The manifest and the stored files an archive holds. */
async function readArchive(archive: string): Promise<{ manifest: TBackupManifest; uploads: string[] }> {
  const chunks: Buffer[] = [];
  const uploads: string[] = [];
  await listTar({
    file: archive,
    onReadEntry(entry) {
      if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      if (entry.path.startsWith('uploads/')) uploads.push(entry.path.slice('uploads/'.length));
    },
  });
  return {
    manifest: JSON.parse(Buffer.concat(chunks).toString('utf8')) as TBackupManifest,
    uploads: uploads.sort(),
  };
}

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Ids and files the database points at, read straight from it. */
async function databaseContents(config: TDatabaseConfig) {
  const database = createDatabase(config);
  try {
    const { db } = database;
    const posts = await db.selectFrom('blogPosts').select(['id', 'title', 'imageKey']).execute();
    const media = await db.selectFrom('mediaFiles').select(['id', 'categoryId', 'storageKey']).execute();
    const keys = [
      ...posts.map((row) => row.imageKey),
      ...media.map((row) => row.storageKey),
      ...(await db.selectFrom('events').select('imageKey').execute()).map((row) => row.imageKey),
      ...(await db.selectFrom('contentItems').select('csvKey').execute()).map((row) => row.csvKey),
      ...(await db.selectFrom('forumPostMedia').select(['storageKey', 'thumbnailKey']).execute()).flatMap(
        (row) => [row.storageKey, row.thumbnailKey],
      ),
    ].filter((key): key is string => Boolean(key));
    const held = await db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', DELETIONS_HELD_KEY)
      .execute();
    return { posts, media, keys, held };
  } finally {
    await database.close();
  }
}

// Real processes: two server start-ups (migrations, demo seed), the backup and restore commands.
describe('npm run backup and npm run restore', { timeout: 120_000 }, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
  const sourceDir = path.join(root, 'source');
  const restoredDir = path.join(root, 'restored');
  const archive = path.join(root, 'sicherung.tar.gz');
  const suffix = randomBytes(4).toString('hex');
  const databases = {
    source: `portal_backup_source_${suffix}`,
    restored: `portal_backup_restored_${suffix}`,
    again: `portal_backup_again_${suffix}`,
  };
  let admin: pg.Client | undefined;

  /** SQLite in DATA_DIR, or a database of its own in the test cluster. */
  const databaseUrl = (name: keyof typeof databases) => {
    if (!postgresUrl) return undefined;
    const url = new URL(postgresUrl);
    url.pathname = `/${databases[name]}`;
    return url.toString();
  };
  const envOf = (name: keyof typeof databases, dataDir: string): Record<string, string> => {
    const url = databaseUrl(name);
    return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
  };
  const databaseConfig = (name: keyof typeof databases, dataDir: string): TDatabaseConfig => {
    const url = databaseUrl(name);
    return url ? { kind: 'postgres', url } : { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') };
  };

  beforeAll(async () => {
    if (!postgresUrl) return;
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of Object.values(databases)) await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    if (admin) {
      for (const name of Object.values(databases))
        await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    rmSync(root, { recursive: true, force: true });
  });

  let token = '';
  let acknowledgedBeforeBackup: string[] = [];
  let attempted: string[] = [];
  let manifest: TBackupManifest;
  let archivedFiles: string[] = [];
  let backup: { code: number | null; output: string };
  let besideArchive: string[] = [];

  // The snapshot the restores read (and never change): taken once, before any test, while an admin posts.
  beforeAll(async () => {
    const server = await startServer(envOf('source', sourceDir));
    token = await adminToken(server.url);
    const formData = await getJson<{ defaultUserGroups: number[] }>(`${server.url}/api/blog/formData`, token);
    const categories = await getJson<TMediaCategory[]>(`${server.url}/api/mediaCategory/`, token);
    const groupId = formData.defaultUserGroups[0];
    const categoryId = categories[0]?.id;
    if (!groupId || !categoryId) throw new Error('the demo has no group or media category');

    // A temp file of an upload cut off earlier: no record owns it, so the backup leaves it out.
    mkdirSync(path.join(sourceDir, 'uploads', '.partial'), { recursive: true });
    writeFileSync(path.join(sourceDir, 'uploads', '.partial', 'abgebrochen.part'), 'halb');

    const writer = keepWriting(server.url, token, groupId, categoryId);
    // (expect.poll works only inside a test; the test below checks that these four came.)
    for (const deadline = Date.now() + 30_000; writer.acknowledged.length < 4 && Date.now() < deadline; )
      await new Promise((resolve) => setTimeout(resolve, 50));
    acknowledgedBeforeBackup = [...writer.acknowledged];
    backup = await cli('backup', [archive], envOf('source', sourceDir));
    await writer.stop();
    attempted = writer.attempted;
    // Its exit code is not what this test is about (process.test.ts checks a clean shutdown).
    await server.stop();
    besideArchive = readdirSync(root).sort();
    if (backup.code === 0) ({ manifest, uploads: archivedFiles } = await readArchive(archive));
  }, 120_000);

  it('should back up while an admin keeps posting and release the deletion hold afterwards', async () => {
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain('Sicherung geschrieben');
    expect(besideArchive).toEqual(['sicherung.tar.gz', 'source']);
    expect(acknowledgedBeforeBackup.length).toBeGreaterThanOrEqual(4);
    expect(archivedFiles.length).toBe(manifest.files);
    expect(archivedFiles.filter((key) => key.includes('.part'))).toEqual([]);
    expect(manifest).toMatchObject({ format: 'portal-backup', version: 1, jwtSecret: true });
    expect(manifest.database).toBe(postgresUrl ? 'postgres' : 'sqlite');
    expect((await databaseContents(databaseConfig('source', sourceDir))).held).toEqual([]);
  });

  it('should restore into an empty DATA_DIR to a portal that serves every post and file of the snapshot', async () => {
    const restored = await cli('restore', [archive], envOf('restored', restoredDir));
    expect(restored.code, restored.output).toBe(0);
    expect(filesUnder(path.join(restoredDir, 'uploads'))).toEqual(archivedFiles);

    const contents = await databaseContents(databaseConfig('restored', restoredDir));
    expect(contents.held).toEqual([]);
    expect(contents.posts.length).toBe(manifest.counts.blog_posts);
    // Every file a record points at is there: none missing.
    const stored = new Set(filesUnder(path.join(restoredDir, 'uploads')));
    expect(contents.keys.filter((key) => !stored.has(key))).toEqual([]);
    // Every save acknowledged before the backup started is in it; nothing that was never attempted is.
    const titles = contents.posts.map((post) => post.title);
    for (const title of acknowledgedBeforeBackup.filter((t) => t.includes(' post ')))
      expect(titles).toContain(title);
    const written = titles.filter((title) => title.startsWith('Sicherung '));
    expect(written.filter((title) => !attempted.includes(title))).toEqual([]);

    const server = await startServer(envOf('restored', restoredDir));
    try {
      // The old access token still works: the JWT secret came back with the database.
      for (const post of contents.posts) {
        const read = await getJson<TBlog>(`${server.url}/api/blog/${post.id}`, token);
        if (post.imageKey) {
          const image = await fetch(new URL(read.image ?? '', server.url));
          expect(image.status, post.title).toBe(200);
          expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
        }
      }
      const categoryIds = [...new Set(contents.media.map((file) => file.categoryId))];
      const mediaNames: string[] = [];
      for (const id of categoryIds) {
        const files = Object.values(await getJson<TMediaFileMap>(`${server.url}/api/media/${id}`, token));
        for (const file of files as TMediaFile[]) {
          mediaNames.push(file.name);
          const download = await fetch(new URL(file.publicPath, server.url));
          expect(download.status, file.name).toBe(200);
          expect((await download.arrayBuffer()).byteLength).toBe(file.size);
        }
      }
      expect(mediaNames.length).toBe(manifest.counts.media_files);
      for (const title of acknowledgedBeforeBackup.filter((t) => t.includes(' media '))) {
        expect(mediaNames).toContain(`${title}.png`);
      }

      const formData = await getJson<{ defaultUserGroups: number[] }>(
        `${server.url}/api/blog/formData`,
        token,
      );
      const created = await postForm(`${server.url}/api/blog/`, token, {
        blog: JSON.stringify({
          title: 'Nach der Wiederherstellung',
          preText: '<p>Kurz</p>',
          content: '<p>Lang</p>',
          visibleForUserGroups: formData.defaultUserGroups,
          publishedAt: new Date(Date.now() - 60_000).toISOString(),
        }),
        image: pictureFile('neu.png'),
      });
      expect(created.status).toBe(200);
      const post = (await created.json()) as TBlog;
      expect((await getJson<TBlog>(`${server.url}/api/blog/${post.id}`, token)).title).toBe(
        'Nach der Wiederherstellung',
      );
      const image = await fetch(new URL(post.image ?? '', server.url));
      expect(image.status).toBe(200);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } finally {
      await server.stop(); // exit code: see above
    }
  });

  it('should refuse a DATA_DIR that holds data without --force and replace it with --force', async () => {
    const againDir = path.join(root, 'again');
    expect((await cli('restore', [archive], envOf('again', againDir))).code).toBe(0);
    const uploads = path.join(againDir, 'uploads');
    const [first] = archivedFiles;
    if (!first) throw new Error('the restore brought no files');
    rmSync(path.join(uploads, first));
    writeFileSync(path.join(uploads, 'fremd.txt'), 'nicht aus der Sicherung');

    const refused = await cli('restore', [archive], envOf('again', againDir));
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('--force');
    expect(filesUnder(uploads)).toContain('fremd.txt');

    const forced = await cli('restore', [archive, '--force'], envOf('again', againDir));
    expect(forced.code, forced.output).toBe(0);
    expect(filesUnder(uploads)).toEqual(archivedFiles);
    expect((await databaseContents(databaseConfig('again', againDir))).posts.length).toBe(
      manifest.counts.blog_posts,
    );
  });

  it('should refuse an archive that is not a portal backup', async () => {
    const foreign = path.join(root, 'fremd.tar.gz');
    writeFileSync(path.join(root, 'notiz.txt'), 'irgendwas');
    await createTar({ file: foreign, gzip: true, cwd: root }, ['notiz.txt']);
    const target = path.join(root, 'leer');
    const refused = await cli('restore', [foreign], envOf('restored', target));
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('keine Sicherung des Portals');
    expect(existsSync(target)).toBe(false);
  });

  it('should fail with exit code 1 and leave no file when the archive cannot be written', async () => {
    const missingFolder = await cli(
      'backup',
      [path.join(root, 'fehlt', 'b.tar.gz')],
      envOf('source', sourceDir),
    );
    expect(missingFolder.code).toBe(1);
    expect(existsSync(path.join(root, 'fehlt'))).toBe(false);

    const folder = path.join(root, 'ordner');
    mkdirSync(folder);
    const ontoFolder = await cli('backup', [folder], envOf('source', sourceDir));
    expect(ontoFolder.code).toBe(1);
    expect(ontoFolder.output).toContain('Sicherung fehlgeschlagen');
    // The archive was written under a temp name; it is gone, and so is the staging folder.
    expect(readdirSync(root).filter((name) => name.includes('.tmp') || name.startsWith('.portal-'))).toEqual(
      [],
    );
    expect((await databaseContents(databaseConfig('source', sourceDir))).held).toEqual([]);
  });

  it('should answer a wrong call with the usage and exit code 2', async () => {
    const wrong = await cli('backup', [], envOf('source', sourceDir));
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('npm run backup -- <datei.tar.gz>');
  });
});
