/**
 * What the benches that run the server in a child process share: a free port, starting the process and
 * waiting for its health check, a login through the API key, and percentiles. A server in a child process
 * is what makes a starved event loop or thread pool show in latencies measured from here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const BENCH_API_KEY = 'bench-external-api-key-0123456789';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * The environment and node options of `npm start` (apps/server's start script, e.g. `MALLOC_ARENA_MAX=2 node
 * --max-semi-space-size=8 src/main.ts`), so that the server is measured as it runs.
 */
export function startCommand(): { env: Record<string, string>; nodeArgs: string[] } {
  const manifest = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../apps/server/package.json'), 'utf8'),
  ) as { scripts: { start: string } };
  const words = manifest.scripts.start.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((word) => word.split('=') as [string, string]));
  return { env, nodeArgs: words.slice(node + 1, -1) };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Runs `script args` with the server's environment on a free loopback port and a fresh data folder, and
 * resolves once `readyPath` (default `/api/health`) answers. Its stdout (the log) is dropped, or with
 * `stdout: 'pipe'` read from `child.stdout` (as a terminal, journald or a container runtime reads it); its
 * stderr is printed if it exits with an error.
 */
export async function startServerProcess(options: {
  script: string;
  args?: string[];
  /** options of node itself, before the script */
  nodeArgs?: string[];
  dataDir: string;
  env?: Record<string, string>;
  stdout?: 'pipe' | 'ignore';
  readyPath?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'development',
        EXTERNAL_API_KEY: BENCH_API_KEY,
        ...options.env,
      },
      stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.once('exit', (code) => {
    if (code) console.error(`server exited with ${code}:\n${output}`);
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const up = await fetch(`${url}${options.readyPath ?? '/api/health'}`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      const stop = async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      };
      return { url, child, stop };
    }
    await delay(100);
  }
}

/** A token pair for `username`, through the website's login link as members get it. */
export async function loginPair(
  url: string,
  username: string,
): Promise<{ token: string; refreshToken: string }> {
  const response = await fetch(`${url}/external/generate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_API_KEY}` },
    body: JSON.stringify({ username }),
  });
  const { link } = (await response.json()) as { link: string };
  const token = new URL(link).searchParams.get('token');
  const pair = await fetch(`${url}/api/auth/login?token=${token}`);
  return (await pair.json()) as { token: string; refreshToken: string };
}
