/**
 * npm run restore -- <file.tar.gz> [--force]: puts a backup of `npm run backup` back where the server's
 * environment says (DATA_DIR, DATABASE_URL, STORAGE_URL). The server must be stopped meanwhile. A target
 * that already holds data is refused unless --force, which replaces the database, the uploads and the
 * JWT secret (other files in DATA_DIR stay). The manifest is checked before anything is unpacked, and the
 * restored rows and files are counted against it.
 */
import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { extract, Parser, ReadEntry } from 'tar';
import { z } from 'zod';
import type { TConfig } from '../config.ts';
import { MIGRATION_NAMES } from '../platform/db/migrate.ts';
import {
  loadCliConfig,
  localStorageRoot,
  moveInto,
  parseCliArgs,
  resolveUserPath,
  runCli,
  UsageError,
} from './backup-cli.ts';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  countDifferences,
  ENTRY,
  isKnownEntry,
  type TBackupManifest,
  type TDatabaseFacts,
  ZBackupManifest,
} from './backup-format.ts';
import { postgresTables, restorePostgres } from './backup-postgres.ts';
import { restoredSqliteFacts } from './backup-sqlite.ts';
import { createStaging, leftoversLine, removeLeftovers } from './staging.ts';

const USAGE = `Wiederherstellung – Aufruf: npm run restore -- <datei.tar.gz> [--force]
  Stellt eine Sicherung von "npm run backup" in ein leeres DATA_DIR (und die Datenbank aus DATABASE_URL)
  wieder her. Der Server muss dabei gestoppt sein. --force ersetzt vorhandene Daten.`;

const NOT_A_BACKUP = 'Die Datei ist keine Sicherung des Portals (npm run backup).';

/** The first entry's text when it is the manifest; a portal backup always starts with it. */
function firstManifestText(file: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const input = createReadStream(file);
    const done = (text: string | undefined) => {
      resolve(text);
      input.destroy();
    };
    const parser = new Parser({
      strict: true,
      onReadEntry(entry) {
        if (entry.path !== ENTRY.manifest) return done(undefined);
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
      },
    });
    parser.on('error', () => done(undefined));
    parser.on('end', () => done(undefined));
    input.on('error', reject);
    input.pipe(parser);
  });
}

/** Refuses anything but a portal backup of a format and schema this version can restore. */
async function readManifest(file: string): Promise<TBackupManifest> {
  const text = await firstManifestText(file);
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    throw new UsageError(NOT_A_BACKUP);
  }
  const head = z.object({ format: z.literal(BACKUP_FORMAT), version: z.number() }).safeParse(json);
  if (!head.success) throw new UsageError(NOT_A_BACKUP);
  if (head.data.version > BACKUP_FORMAT_VERSION) {
    throw new UsageError(
      `Die Sicherung hat das Format ${head.data.version}; diese Version des Portals liest bis Format ${BACKUP_FORMAT_VERSION}. Bitte das Portal aktualisieren.`,
    );
  }
  const manifest = ZBackupManifest.safeParse(json);
  if (!manifest.success) throw new UsageError(`${NOT_A_BACKUP} Ihr Inhaltsverzeichnis ist beschädigt.`);
  const unknown = manifest.data.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length > 0) {
    throw new UsageError(
      `Die Sicherung stammt von einer neueren Version des Portals (Migrationen ${unknown.join(', ')}). Bitte das Portal aktualisieren.`,
    );
  }
  return manifest.data;
}

/** The backup must fit the configured backends: a SQLite file cannot go into PostgreSQL, nor a folder into a bucket. */
function checkBackends(manifest: TBackupManifest, config: TConfig): void {
  if (manifest.database !== config.database.kind) {
    throw new UsageError(
      `Die Sicherung enthält eine ${manifest.database}-Datenbank, DATABASE_URL zeigt aber auf ${config.database.kind}.`,
    );
  }
  const storage = config.s3 ? 's3' : 'local';
  if (manifest.storage.kind !== storage) {
    throw new UsageError(
      manifest.storage.kind === 'local'
        ? 'Die Sicherung enthält die Dateien eines Ordners, STORAGE_URL zeigt aber auf einen Bucket.'
        : `Die Dateien der Sicherung liegen im Bucket „${manifest.storage.bucket}“; STORAGE_URL muss auf ihn zeigen.`,
    );
  }
}

/** true when the folder holds anything (or a file sits where the folder should be). */
async function holdsData(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).length > 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** What the restore would overwrite, in words. */
async function occupied(config: TConfig, uploadsRoot: string | undefined): Promise<string[]> {
  const found: string[] = [];
  if (await holdsData(config.dataDir)) found.push(`DATA_DIR ${config.dataDir} ist nicht leer.`);
  const { database } = config;
  if (database.kind === 'sqlite' && existsSync(database.file)) {
    found.push(`Die Datenbankdatei ${database.file} gibt es schon.`);
  }
  if (database.kind === 'postgres') {
    const tables = await postgresTables(database.url);
    if (tables.length > 0) found.push(`Die Datenbank enthält schon ${tables.length} Tabellen.`);
  }
  if (uploadsRoot && (await holdsData(uploadsRoot)))
    found.push(`Die Dateiablage ${uploadsRoot} ist nicht leer.`);
  return found;
}

async function countFiles(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  return (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
    .length;
}

function checkCounts(manifest: TBackupManifest, facts: TDatabaseFacts): void {
  const differences = countDifferences(manifest.counts, facts.counts);
  if (differences.length > 0)
    throw new Error(`Die Datenbank weicht von der Sicherung ab: ${differences.join('; ')}`);
}

/** Puts the database in place; SQLite is checked before it replaces anything, PostgreSQL in its transaction. */
async function restoreDatabase(config: TConfig, manifest: TBackupManifest, staging: string, force: boolean) {
  const { database } = config;
  if (database.kind === 'postgres') {
    checkCounts(manifest, await restorePostgres(database.url, path.join(staging, ENTRY.postgres), force));
    return;
  }
  const file = path.join(staging, ENTRY.sqlite);
  if (!existsSync(file)) throw new Error('Die Sicherung enthält keine Datenbank.');
  checkCounts(manifest, restoredSqliteFacts(file));
  await mkdir(path.dirname(database.file), { recursive: true });
  // A WAL left beside the old file would be replayed into the restored one.
  for (const suffix of ['', '-wal', '-shm', '-journal'])
    await rm(`${database.file}${suffix}`, { force: true });
  await moveInto(file, database.file);
}

async function restore(argv: string[]): Promise<string> {
  const { values, positionals } = parseCliArgs(
    argv,
    { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    USAGE,
  );
  if (values.help) return USAGE;
  const [given] = positionals;
  if (!given || positionals.length !== 1) throw new UsageError(USAGE);
  const archive = resolveUserPath(given);
  if (!existsSync(archive)) throw new UsageError(`Die Datei ${archive} gibt es nicht.`);
  const force = values.force === true;
  const config = loadCliConfig();
  const uploadsRoot = localStorageRoot(config);
  if (uploadsRoot && !path.relative(uploadsRoot, config.dataDir).startsWith('..')) {
    throw new UsageError('STORAGE_URL darf nicht DATA_DIR selbst oder einen Ordner darüber nennen.');
  }

  const manifest = await readManifest(archive);
  checkBackends(manifest, config);
  // a killed restore's staging folder is no data: it goes before DATA_DIR is checked for data
  const removed = await removeLeftovers(config.dataDir, 'restore');
  const found = await occupied(config, uploadsRoot);
  if (found.length > 0 && !force) {
    throw new UsageError(
      `${found.join('\n')}\nNichts wurde verändert. Mit --force werden die Daten ersetzt.`,
    );
  }

  await mkdir(config.dataDir, { recursive: true });
  const staging = await createStaging(config.dataDir, 'restore');
  try {
    await extract({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (name, entry) => entry instanceof ReadEntry && entry.type === 'File' && isKnownEntry(name),
    });
    const uploads = path.join(staging, ENTRY.uploadsFolder);
    const files = await countFiles(uploads);
    if (files !== manifest.files) {
      throw new Error(`Die Sicherung ist unvollständig: ${files} von ${manifest.files} Dateien.`);
    }
    await restoreDatabase(config, manifest, staging, force);
    if (uploadsRoot) {
      await rm(uploadsRoot, { recursive: true, force: true });
      if (files > 0) await moveInto(uploads, uploadsRoot);
      else await mkdir(uploadsRoot, { recursive: true });
    }
    if (manifest.jwtSecret) {
      const secret = path.join(config.dataDir, 'jwt-secret');
      await rm(secret, { force: true });
      await moveInto(path.join(staging, ENTRY.jwtSecret), secret);
      await chmod(secret, 0o600);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }

  const lines = [
    `Wiederhergestellt: ${archive} (Sicherung vom ${manifest.createdAt})`,
    `  Datenbank: ${manifest.database}; Dateien: ${manifest.files}. Der Server kann jetzt starten.`,
    ...leftoversLine(removed),
  ];
  if (manifest.storage.kind === 's3') {
    lines.push(
      `  Die Dateien liegen weiter im Bucket „${manifest.storage.bucket}“ (Stand über dessen Versionierung).`,
    );
  }
  if (manifest.jwtSecret && process.env.JWT_SECRET) {
    lines.push('  Hinweis: JWT_SECRET ist gesetzt und gilt statt des wiederhergestellten Schlüssels.');
  }
  return lines.join('\n');
}

runCli('Wiederherstellung fehlgeschlagen', restore);
