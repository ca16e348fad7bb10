/**
 * A throwaway PostgreSQL cluster: initdb into a temp folder (as user `postgres` when run as root, because
 * initdb refuses root), listening on 127.0.0.1 and a free port, with one database. Used by
 * scripts/with-postgres.ts for the whole API suite, and by fault-injection tests that need a cluster of
 * their own to stop, freeze and thaw without disturbing other test files.
 */
import { spawn } from 'node:child_process';
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

class ClusterError extends Error {}

/** PG_BIN, else the highest version under /usr/lib/postgresql/<version>/bin; undefined when there is none. */
export function findPgBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) {
    if (!existsSync(path.join(fromEnv, 'initdb')))
      throw new ClusterError(`PG_BIN=${fromEnv} holds no initdb.`);
    return fromEnv;
  }
  const root = '/usr/lib/postgresql';
  const newest = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))[0]
    : undefined;
  return newest ? path.join(root, newest, 'bin') : undefined;
}

export function freePort(): Promise<number> {
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

function run(command: string, args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
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
    throw new ClusterError(`Running as root needs the system user "${user}" (apt-get install postgresql).`);
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** The processes of a cluster: the postmaster and its children (backends, checkpointer, …), from /proc. */
function clusterPids(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // `pid (comm) state ppid …`; comm may hold spaces, so read after the closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` */
  url: string;
  port: number;
  /** stops the server (fast shutdown); `start()` brings it back on the same port. */
  halt(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to every process of the cluster: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  /** stops the cluster and removes its folder; safe to call twice. */
  destroy(): Promise<void>;
}

export async function startCluster(options: { database: string }): Promise<Cluster> {
  const pgBin = findPgBin();
  if (!pgBin) {
    throw new ClusterError(
      'PostgreSQL server binaries not found under /usr/lib/postgresql. Install them ' +
        '(`apt-get install -y postgresql`) or set PG_BIN to the folder holding initdb.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const tempDir = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
  const dataDir = path.join(tempDir, 'data');
  const logFile = path.join(tempDir, 'server.log');
  const pg = (binary: string, args: string[]) => {
    const file = path.join(pgBin, binary);
    return asRoot
      ? run('runuser', ['-u', 'postgres', '--', file, ...args], tempDir)
      : run(file, args, tempDir);
  };
  let running = false;
  let destroyed: Promise<void> | undefined;
  let frozen: number[] = [];

  const start = async () => {
    const code = await pg('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60']);
    if (code !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      throw new ClusterError(`pg_ctl start failed with exit code ${code}\n${log}`);
    }
    running = true;
  };
  const halt = async () => {
    if (!running) return;
    running = false;
    await pg('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
  };
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone already
      }
    }
    frozen = [];
  };
  const cluster: Cluster = {
    url: '',
    port: 0,
    halt,
    start,
    freeze() {
      const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      frozen = clusterPids(postmaster);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw,
    destroy() {
      destroyed ??= (async () => {
        thaw();
        await halt().catch(() => undefined);
        rmSync(tempDir, { recursive: true, force: true });
      })();
      return destroyed;
    },
  };

  try {
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
    if (initCode !== 0) throw new ClusterError(`initdb failed with exit code ${initCode}`);
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
    await start();
    const createCode = await pg('createdb', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      options.database,
    ]);
    if (createCode !== 0) throw new ClusterError(`createdb failed with exit code ${createCode}`);
    cluster.port = port;
    cluster.url = `postgres://postgres@127.0.0.1:${port}/${options.database}`;
    return cluster;
  } catch (error) {
    await cluster.destroy();
    throw error;
  }
}
