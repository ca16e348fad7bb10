/**
 * `node scripts/with-postgres.ts <command...>`: runs a command against a throwaway PostgreSQL cluster.
 *
 * Starts a fresh cluster in a temp folder (as user `postgres` when run as root, because initdb refuses
 * root), on 127.0.0.1 and a free port, creates the database `portal_test`, runs the command with
 * DATABASE_URL pointing at it, then stops the cluster and removes the folder: also when the command
 * fails or the script is interrupted. Exits with the command's exit code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DATABASE = 'portal_test';

function log(message: string): void {
  process.stderr.write(`[with-postgres] ${message}\n`);
}

function fail(message: string): never {
  log(message);
  process.exit(1);
}

/** PG_BIN, else the highest version under /usr/lib/postgresql/<version>/bin. */
function findPgBin(): string {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!existsSync(path.join(fromEnv, 'initdb'))) fail(`PG_BIN=${fromEnv} holds no initdb.`);
    return fromEnv;
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  const newest = versions[0];
  if (!newest) {
    const hint = 'Install it (`apt-get install -y postgresql`) or set PG_BIN to the folder holding initdb.';
    fail(
      process.env.CI
        ? `PostgreSQL is required in CI but no server binaries were found. ${hint}`
        : `PostgreSQL server binaries not found under ${root}. ${hint}`,
    );
  }
  return path.join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], options: { cwd: string; quiet?: boolean }): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: options.quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** uid and gid of a system user, from /etc/passwd. */
function userIds(user: string): { uid: number; gid: number } {
  const fields = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${user}:`))
    ?.split(':');
  if (!fields?.[2] || !fields[3])
    fail(`Running as root needs the system user "${user}" (apt-get install postgresql).`);
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

const commandArgs = process.argv.slice(2);
if (commandArgs.length === 0) fail('Usage: node scripts/with-postgres.ts <command> [args...]');

const pgBin = findPgBin();
const asRoot = process.getuid?.() === 0;
const tempDir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
const dataDir = path.join(tempDir, 'data');
const logFile = path.join(tempDir, 'server.log');

/** Runs a PostgreSQL binary, as user postgres when we are root. */
function pg(binary: string, args: string[], quiet = true): Promise<number> {
  const file = path.join(pgBin, binary);
  return asRoot
    ? run('runuser', ['-u', 'postgres', '--', file, ...args], { cwd: tempDir, quiet })
    : run(file, args, { cwd: tempDir, quiet });
}

let started = false;
let cleaning: Promise<void> | undefined;
let child: ChildProcess | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    if (started) {
      try {
        await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
      } catch (error) {
        log(`could not stop the cluster: ${String(error)}`);
      }
    }
    rmSync(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    // The command usually received the same signal from the terminal; pass it on in case it did not.
    if (child && child.exitCode === null) child.kill(signal);
    void cleanup().then(() => process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1)));
  });
}

async function startCluster(): Promise<string> {
  const begin = performance.now();
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(tempDir, uid, gid);
  }
  const initCode = await pg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  if (initCode !== 0) throw new Error(`initdb failed with exit code ${initCode}`);

  const port = await freePort();
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = '${tempDir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 200',
      '',
    ].join('\n'),
  );
  started = true;
  const startCode = await pg('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60']);
  if (startCode !== 0) {
    if (existsSync(logFile)) process.stderr.write(readFileSync(logFile, 'utf8'));
    throw new Error(`pg_ctl start failed with exit code ${startCode}`);
  }
  const createCode = await pg('createdb', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    DATABASE,
  ]);
  if (createCode !== 0) throw new Error(`createdb failed with exit code ${createCode}`);

  const version = path.basename(path.dirname(pgBin));
  log(`PostgreSQL ${version} ready on 127.0.0.1:${port} in ${Math.round(performance.now() - begin)} ms`);
  return `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;
}

async function main(): Promise<number> {
  try {
    const databaseUrl = await startCluster();
    const [command, ...args] = commandArgs as [string, ...string[]];
    return await new Promise<number>((resolve) => {
      child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: databaseUrl } });
      child.once('error', (error) => {
        log(`could not run ${command}: ${error.message}`);
        resolve(127);
      });
      child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await cleanup();
  }
}

process.exitCode = await main();
