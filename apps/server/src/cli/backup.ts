/**
 * npm run backup -- <file.tar.gz>: a consistent snapshot of the running portal. The database is copied
 * online (SQLite: VACUUM INTO; PostgreSQL: pg_dump), the uploads folder and the generated JWT secret next
 * to it, with a manifest first. File deletions are held from before the snapshot until the files are
 * copied, so every file the snapshot points at is still there. The archive is written under a temp name
 * and renamed: a failed backup never leaves a half archive under the name given, and a killed one's staging
 * folder is removed by the next backup into the same folder.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create as createTar } from 'tar';
import type { TConfig } from '../config.ts';
import { createDatabase } from '../platform/db/database.ts';
import { createSettingsRepository } from '../platform/db/settings.ts';
import { DELETIONS_HELD_KEY } from '../platform/storage/upload-intents.ts';
import {
  loadCliConfig,
  localStorageRoot,
  parseCliArgs,
  resolveUserPath,
  runCli,
  UsageError,
} from './backup-cli.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  ENTRY,
  isTempUpload,
  type TBackupManifest,
  type TDatabaseFacts,
} from './backup-format.ts';
import { dumpPostgres } from './backup-postgres.ts';
import { snapshotSqlite } from './backup-sqlite.ts';
import { createStaging, leftoversLine, removeLeftovers } from './staging.ts';

const USAGE = `Sicherung – Aufruf: npm run backup -- <datei.tar.gz>
  Schreibt Datenbank, hochgeladene Dateien und JWT-Schlüssel des laufenden Portals in ein Archiv.
  Es liest dieselben Umgebungsvariablen wie der Server (DATA_DIR, DATABASE_URL, STORAGE_URL …).`;

/** How far ahead a hold reaches, and how often a running backup pushes it on again. */
const HOLD_MS = 60 * 60 * 1000;
const HOLD_RENEW_MS = 10 * 60 * 1000;

/**
 * Holds file deletions until released. The hold is renewed while the backup runs, and lapses by itself an
 * hour after a backup that was killed. Release removes only our own value: a hold another backup set
 * meanwhile stays.
 */
async function holdDeletions(config: TConfig): Promise<() => Promise<void>> {
  const database = createDatabase(config.database);
  const settings = createSettingsRepository(database.db);
  let value = '';
  const renew = async () => {
    value = new Date(Date.now() + HOLD_MS).toISOString();
    await settings.set(DELETIONS_HELD_KEY, value);
  };
  try {
    await renew();
  } catch (error) {
    await database.close();
    throw error;
  }
  const timer = setInterval(() => void renew().catch(() => undefined), HOLD_RENEW_MS);
  return async () => {
    clearInterval(timer);
    try {
      await database.db
        .deleteFrom('settings')
        .where('key', '=', DELETIONS_HELD_KEY)
        .where('value', '=', value)
        .execute();
    } finally {
      await database.close();
    }
  };
}

/** Relative keys of every stored file, without temp files of uploads still being written. */
async function listUploads(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => !isTempUpload(key))
    .sort();
}

function snapshotDatabase(config: TConfig, staging: string): Promise<TDatabaseFacts> {
  const { database } = config;
  if (database.kind === 'sqlite') {
    return Promise.resolve(snapshotSqlite(database.file, path.join(staging, ENTRY.sqlite)));
  }
  return dumpPostgres(database.url, path.join(staging, ENTRY.postgres));
}

/**
 * Writes the archive: manifest, database and secret from the staging folder, the uploads straight from
 * the storage folder (no second copy on disk). Entry names are set from each file's absolute path.
 */
async function writeArchive(
  file: string,
  staging: string,
  uploadsRoot: string | undefined,
  uploads: string[],
) {
  const names = new Map<string, string>();
  for (const entry of [ENTRY.manifest, ENTRY.sqlite, ENTRY.postgres, ENTRY.jwtSecret]) {
    const absolute = path.join(staging, entry);
    if (existsSync(absolute)) names.set(absolute, entry);
  }
  if (uploadsRoot) {
    for (const key of uploads) names.set(path.join(uploadsRoot, key), `${ENTRY.uploadsFolder}/${key}`);
  }
  await createTar(
    {
      file,
      gzip: true,
      portable: true,
      noDirRecurse: true,
      preservePaths: true,
      onWriteEntry(entry) {
        entry.path = names.get(entry.absolute) ?? entry.path;
      },
    },
    [...names.keys()],
  );
}

/** Attempts at writing the archive when stored files vanish while it is written (see below). */
const ARCHIVE_ATTEMPTS = 3;

/** true when the error is a stored file that was there when listed and gone when read. */
function isVanishedUpload(error: unknown, uploadsRoot: string | undefined): boolean {
  const { code, path: file } = error as NodeJS.ErrnoException;
  return (
    Boolean(uploadsRoot) &&
    code === 'ENOENT' &&
    typeof file === 'string' &&
    file.startsWith(`${uploadsRoot}${path.sep}`)
  );
}

/**
 * Snapshot, secret, file list, manifest and archive, all while deletions are held. The hold keeps every
 * file a committed record points at; only the files of saves that failed meanwhile may still be deleted.
 * Such a file belongs to no record of the snapshot, so when one vanishes under the archive, the file list
 * is read again and the archive written anew.
 */
async function writeBackup(config: TConfig, staging: string, temp: string): Promise<TBackupManifest> {
  const uploadsRoot = localStorageRoot(config);
  const release = await holdDeletions(config);
  try {
    const createdAt = new Date().toISOString();
    const database = await snapshotDatabase(config, staging);
    const secretFile = path.join(config.dataDir, 'jwt-secret');
    const jwtSecret = existsSync(secretFile);
    if (jwtSecret) await copyFile(secretFile, path.join(staging, ENTRY.jwtSecret));
    for (let attempt = 1; ; attempt++) {
      const uploads = uploadsRoot ? await listUploads(uploadsRoot) : [];
      const manifest: TBackupManifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt,
        database: config.database.kind,
        storage: config.s3 ? { kind: 's3', bucket: config.s3.bucket } : { kind: 'local' },
        migrations: database.migrations,
        counts: database.counts,
        files: uploads.length,
        jwtSecret,
      };
      await writeFile(path.join(staging, ENTRY.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
      try {
        await writeArchive(temp, staging, uploadsRoot, uploads);
        return manifest;
      } catch (error) {
        if (attempt >= ARCHIVE_ATTEMPTS || !isVanishedUpload(error, uploadsRoot)) throw error;
        await rm(temp, { force: true });
      }
    }
  } finally {
    await release();
  }
}

/** Temp archives that versions before issue 30 wrote beside the target (`<target>.<uuid>.tmp`) and a kill left. */
async function removeOldTempArchives(target: string): Promise<string[]> {
  const name = path.basename(target);
  const pattern = /^\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;
  const names = await readdir(path.dirname(target)).catch(() => [] as string[]);
  const old = names.filter((entry) => entry.startsWith(name) && pattern.test(entry.slice(name.length)));
  for (const entry of old) await rm(path.join(path.dirname(target), entry), { force: true });
  return old;
}

async function backup(argv: string[]): Promise<string> {
  const { values, positionals } = parseCliArgs(argv, { help: { type: 'boolean', short: 'h' } }, USAGE);
  if (values.help) return USAGE;
  const [given] = positionals;
  if (!given || positionals.length !== 1) throw new UsageError(USAGE);
  const target = resolveUserPath(given);
  const config = loadCliConfig();
  // Opening a missing SQLite file creates an empty one: a backup of nothing is a mistake, not a success.
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    throw new Error(`Keine Datenbank unter ${config.database.file}.`);
  }

  // The staging folder, with the temp archive in it, sits next to the target: its folder must be writable
  // anyway, and the archive is renamed into place. What a killed backup left there goes first.
  const folder = path.dirname(target);
  const removed = [...(await removeLeftovers(folder, 'backup')), ...(await removeOldTempArchives(target))];
  const staging = await createStaging(folder, 'backup');
  const temp = path.join(staging, 'archive.tar.gz.tmp');
  let manifest: TBackupManifest;
  try {
    await mkdir(path.join(staging, 'database'));
    manifest = await writeBackup(config, staging, temp);
    await rename(temp, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const lines = [
    `Sicherung geschrieben: ${target}`,
    `  Datenbank: ${manifest.database}, ${manifest.migrations.length} Migrationen; Dateien: ${manifest.files}`,
    ...leftoversLine(removed),
  ];
  if (manifest.storage.kind === 's3') {
    lines.push(
      `  Die hochgeladenen Dateien liegen im Bucket „${manifest.storage.bucket}“ und sind nicht im Archiv:` +
        ' sie schützt die Versionierung des Buckets.',
    );
  }
  return lines.join('\n');
}

runCli('Sicherung fehlgeschlagen', backup);
