/**
 * PostgreSQL side of backup and restore, through the standard tools: `pg_dump --format=custom` and
 * `pg_restore`. The dump runs on a snapshot exported from a repeatable-read transaction in which the
 * manifest's counts are taken too, so counts and dump describe the same moment.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DELETIONS_HELD_KEY } from '../platform/storage/upload-intents.ts';
import type { TDatabaseFacts } from './backup-format.ts';

/** PG_BIN, else the PATH, else the newest /usr/lib/postgresql/<version>/bin (as scripts/with-postgres.ts). */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  const folders = [
    ...(process.env.PG_BIN ? [process.env.PG_BIN] : []),
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ];
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((entry) => /^\d+(\.\d+)?$/.test(entry))
      .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
    folders.push(...versions.map((version) => path.join(root, version, 'bin')));
  }
  const found = folders.map((folder) => path.join(folder, name)).find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      `${name} nicht gefunden. Installieren Sie die PostgreSQL-Clientprogramme (apt-get install postgresql-client) oder setzen Sie PG_BIN.`,
    );
  }
  return found;
}

/** The URL without its password, which goes into PGPASSWORD: arguments are visible in every process list. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} endete mit ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}

async function facts(client: pg.Client): Promise<TDatabaseFacts> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from "${name.replaceAll('"', '""')}"`,
    );
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  // The dump holds the backup's own deletion hold, which restore removes: it is not counted.
  if (counts.settings !== undefined) {
    const held = await client.query('select 1 from settings where key = $1', [DELETIONS_HELD_KEY]);
    counts.settings -= held.rowCount ?? 0;
  }
  const migrations =
    'kysely_migration' in counts
      ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
          (r) => r.name,
        )
      : [];
  return { migrations, counts };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Dumps the database into `target` and reports the migrations and counts of the same snapshot. */
export function dumpPostgres(url: string, target: string): Promise<TDatabaseFacts> {
  const pgDump = findPgTool('pg_dump');
  return withClient(url, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = rows[0]?.id ?? '';
    const result = await facts(client);
    const { dbname, env } = connection(url);
    await runTool(
      pgDump,
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('commit');
    return result;
  });
}

/** Names of the tables the database already holds outside the system schemas. */
export function postgresTables(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    );
    return rows.map((row) => row.name);
  });
}

/**
 * Restores a dump in one transaction: all or nothing. `replace` drops the dump's objects first
 * (`--clean`); ownership and grants are left to the target's own user.
 */
export async function restorePostgres(url: string, dump: string, replace: boolean): Promise<TDatabaseFacts> {
  const { dbname, env } = connection(url);
  await runTool(
    findPgTool('pg_restore'),
    [
      `--dbname=${dbname}`,
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(replace ? ['--clean', '--if-exists'] : []),
      dump,
    ],
    env,
  );
  return withClient(url, async (client) => {
    // The dump was taken while the backup held deletions; a restored portal must not keep holding them.
    await client.query('delete from settings where key = $1', [DELETIONS_HELD_KEY]);
    return facts(client);
  });
}
