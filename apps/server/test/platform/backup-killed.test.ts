import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliDatabase, openCliDatabase } from '../helpers/cli-database.ts';
import { run } from '../helpers/server-process.ts';

// Issue 30, point 12: a backup or restore killed mid-way left its staging folder behind (a copy of the whole
// database); the next run, or a restore with --force, removes it. Shown with real processes killed with
// SIGKILL while they write: the backup while it packs the stored files, the restore while it unpacks them.

/** Stored files enough to keep packing and unpacking busy for a moment. */
const FILES = 48;
const FILE_BYTES = 1024 * 1024;

let source: CliDatabase;
let root: string;
beforeAll(async () => {
  source = await openCliDatabase('backup-killed');
  const uploads = path.join(source.dataDir, 'uploads', 'media');
  mkdirSync(uploads, { recursive: true });
  for (let i = 0; i < FILES; i++)
    writeFileSync(path.join(uploads, `datei-${i}.pdf`), randomBytes(FILE_BYTES));
  root = mkdtempSync(path.join(tmpdir(), 'portal-backup-killed-'));
}, 60_000);
afterAll(async () => {
  await source?.close();
  rmSync(root, { recursive: true, force: true });
});

/** The staging folders of `kind` in `folder`. */
const staged = (folder: string, kind: 'backup' | 'restore') =>
  existsSync(folder) ? readdirSync(folder).filter((name) => name.startsWith(`.portal-${kind}-`)) : [];

/** Whether a staging folder of `kind` in `folder` holds a file or folder named `inside`. */
const writing = (folder: string, kind: 'backup' | 'restore', inside: (names: string[]) => boolean) =>
  staged(folder, kind).some((name) =>
    inside(readdirSync(path.join(folder, name), { recursive: true }) as string[]),
  );

/**
 * Starts the command and kills it with SIGKILL once `midway` holds, checked as often as the event loop
 * allows; fails when the command ended first.
 */
async function killMidway(
  script: string,
  args: string[],
  env: Record<string, string>,
  midway: () => boolean,
) {
  const command = run(script, args, env);
  let ended = false;
  void command.exited.then(() => {
    ended = true;
  });
  while (!ended && !midway()) await new Promise((resolve) => setImmediate(resolve));
  expect(ended, `${script} ended before it was killed:\n${command.output()}`).toBe(false);
  command.child.kill('SIGKILL');
  await command.exited;
  expect(command.child.signalCode).toBe('SIGKILL');
}

async function complete(script: string, args: string[], env: Record<string, string>) {
  const command = run(script, args, env);
  return { code: await command.exited, output: command.output() };
}

describe('a killed backup or restore', { timeout: 240_000 }, () => {
  const archive = () => path.join(root, 'sicherung.tar.gz');

  it('should leave its staging folder to the next backup, which removes it', async () => {
    // packing: the temp archive exists, in the staging folder or (before issue 30) beside the target
    const packing = () =>
      writing(root, 'backup', (names) => names.some((name) => name.includes('.tmp'))) ||
      (staged(root, 'backup').length > 0 && readdirSync(root).some((name) => name.endsWith('.tmp')));
    await killMidway('src/cli/backup.ts', [archive()], source.env, packing);
    expect(staged(root, 'backup')).toHaveLength(1);

    const again = await complete('src/cli/backup.ts', [archive()], source.env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('Zwischenkopien eines abgebrochenen Laufs entfernt');
    expect(readdirSync(root).sort()).toEqual(['sicherung.tar.gz']);
  });

  it('should leave its staging folder to the next restore, which removes it, also with --force', async () => {
    const target = await openCliDatabase('backup-killed-target');
    try {
      // an empty DATA_DIR, as a restore wants it: the migrated test database aside (SQLite: its file)
      const dataDir = path.join(target.dataDir, 'ziel');
      const env: Record<string, string> = { ...target.env, DATA_DIR: dataDir };
      const onPostgres = env.DATABASE_URL?.startsWith('postgres') === true;
      if (!onPostgres) env.DATABASE_URL = `sqlite:${path.join(dataDir, 'portal.sqlite')}`;
      // SQLite: nothing there yet; PostgreSQL: the test database holds the portal's tables already
      const first = onPostgres ? [archive(), '--force'] : [archive()];
      const unpacking = () =>
        writing(dataDir, 'restore', (names) => names.some((name) => name.endsWith('.pdf')));

      await killMidway('src/cli/restore.ts', first, env, unpacking);
      expect(staged(dataDir, 'restore')).toHaveLength(1);
      // nothing but the leftover in DATA_DIR: the retry needs no --force (on SQLite)
      const again = await complete('src/cli/restore.ts', first, env);
      expect(again.code, again.output).toBe(0);
      expect(staged(dataDir, 'restore')).toEqual([]);

      await killMidway('src/cli/restore.ts', [archive(), '--force'], env, unpacking);
      expect(staged(dataDir, 'restore')).toHaveLength(1);
      const forced = await complete('src/cli/restore.ts', [archive(), '--force'], env);
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toContain('Zwischenkopien eines abgebrochenen Laufs entfernt');
      expect(staged(dataDir, 'restore')).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'uploads', 'media'))).toHaveLength(FILES);
    } finally {
      await target.close();
    }
  });
});
