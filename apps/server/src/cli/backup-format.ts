/**
 * What a backup archive holds, shared by `npm run backup` and `npm run restore`. The manifest comes first
 * in the archive, so restore can check it before it unpacks anything else.
 */
import { z } from 'zod';
import { PARTIAL_FOLDER } from '../platform/storage/storage.ts';

/** Bumped on every change of the layout that an older restore could not read correctly. */
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_FORMAT = 'portal-backup';

/** Entry names inside the archive. */
export const ENTRY = {
  manifest: 'manifest.json',
  sqlite: 'database/portal.sqlite',
  /** `pg_dump --format=custom` output */
  postgres: 'database/portal.dump',
  jwtSecret: 'jwt-secret',
  uploadsFolder: 'uploads',
} as const;

/** Temp files of uploads being written (relative to the storage root); no record owns them, none is backed up. */
export function isTempUpload(key: string): boolean {
  return key.startsWith(`${PARTIAL_FOLDER}/`) || key.endsWith('.part') || key.endsWith('.partial');
}

/** Every name the archive may hold; restore extracts nothing else. */
export function isKnownEntry(name: string): boolean {
  return (
    name === ENTRY.manifest ||
    name === ENTRY.sqlite ||
    name === ENTRY.postgres ||
    name === ENTRY.jwtSecret ||
    (name.startsWith(`${ENTRY.uploadsFolder}/`) && !isTempUpload(name.slice(ENTRY.uploadsFolder.length + 1)))
  );
}

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1),
  createdAt: z.iso.datetime(),
  database: z.enum(['sqlite', 'postgres']),
  /** `local`: the files are in the archive under uploads/; `s3`: they stayed in the bucket named here. */
  storage: z.object({ kind: z.enum(['local', 's3']), bucket: z.string().optional() }),
  /** migrations applied to the backed-up database, oldest first */
  migrations: z.array(z.string()),
  /** rows per table in the snapshot; restore compares them with what it restored */
  counts: z.record(z.string(), z.number().int().min(0)),
  files: z.number().int().min(0),
  jwtSecret: z.boolean(),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;

/** What a database snapshot reports about itself. */
export interface TDatabaseFacts {
  migrations: string[];
  counts: Record<string, number>;
}

/** Tables whose row counts differ between the manifest and a restored database (empty when they agree). */
export function countDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  return Object.entries(expected)
    .filter(([table, rows]) => actual[table] !== rows)
    .map(([table, rows]) => `${table}: ${rows} erwartet, ${actual[table] ?? 'fehlt'} vorhanden`);
}
