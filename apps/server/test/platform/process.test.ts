import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API } from '@portal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serverDir } from '../helpers/server-process.ts';

function run(script: string, args: string[], env: Record<string, string>, input?: string) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      ...(process.env.SCRYPT_COST ? { SCRYPT_COST: process.env.SCRYPT_COST } : {}),
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(input ?? '');
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** Until the server answers, it exits, or the test's own time runs out (start-up seeds a 50,000-row table). */
async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy (exit code ${child.exitCode})`);
}

// Each test starts a real server process (migrations, demo seed): slower than an inject() test.
describe('the server process', { timeout: 120_000 }, () => {
  let dataDir: string;
  const dbEnv = (): Record<string, string> =>
    process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {};
  /** An empty database of its own (a data folder, and on PostgreSQL a database), for the first start. */
  const fresh = { dataDir: '', database: `portal_process_${randomBytes(4).toString('hex')}` };
  let admin: pg.Client | undefined;
  const freshEnv = (): Record<string, string> => {
    const url = process.env.DATABASE_URL;
    if (!url?.startsWith('postgres')) return {};
    const own = new URL(url);
    own.pathname = `/${fresh.database}`;
    return { DATABASE_URL: own.toString() };
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
    fresh.dataDir = mkdtempSync(path.join(tmpdir(), 'portal-process-'));
    const url = process.env.DATABASE_URL;
    if (!url?.startsWith('postgres')) return;
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${fresh.database}`);
  });
  afterAll(async () => {
    if (admin) {
      await admin.query(`drop database if exists ${fresh.database} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(fresh.dataDir, { recursive: true, force: true });
  });

  async function startServer(env: Record<string, string> = { ...dbEnv(), DATA_DIR: dataDir }) {
    const port = await freePort();
    const server = run('src/main.ts', [], {
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(port, server.child).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output().stderr}`);
    });
    return { port, server };
  }

  it('should refuse to start with a wrong value and name the variable', async () => {
    const server = run('src/main.ts', [], { DATA_DIR: dataDir, PORT: 'achtzig' });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toContain('PORT');
  });

  it('should migrate, seed the demo accounts, serve, and stop cleanly on SIGTERM', async () => {
    // The other tests leave accounts behind, and the demo is seeded only into an empty database.
    const { port, server } = await startServer({ ...freshEnv(), DATA_DIR: fresh.dataDir });
    expect(server.output().stderr).toContain('mitglied');
    expect(server.output().stderr).toContain('portal-demo');
    const response = await fetch(`http://127.0.0.1:${port}/external/generate/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mitglied', password: 'portal-demo' }),
    });
    expect(response.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('should finish a request in flight before it exits on SIGTERM', async () => {
    const { port, server } = await startServer();
    const body = JSON.stringify({ refreshToken: 'unbekannt' });
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: API.refresh,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => request.once('socket', (socket) => socket.once('connect', resolve)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.child.exitCode).toBeNull();
    request.end(body.slice(10));
    expect(await answered).toBe(401);
    expect(await server.exited).toBe(0);
  });

  it('should manage users through the CLI with the password read from standard input', async () => {
    const env = { ...dbEnv(), DATA_DIR: dataDir };
    const created = run(
      'src/cli/user.ts',
      ['create', 'cli-nutzer', '--role', 'ROLE_USER', '--groups', 'Mitglieder'],
      env,
    );
    expect(await created.exited).toBe(0);
    const password = run('src/cli/user.ts', ['password', 'cli-nutzer'], env, 'sehr-geheim-123\n');
    expect(await password.exited).toBe(0);
    const tooShort = run('src/cli/user.ts', ['password', 'cli-nutzer'], env, 'kurz\n');
    expect(await tooShort.exited).toBe(2);
    const disabled = run('src/cli/user.ts', ['disable', 'cli-nutzer'], env);
    expect(await disabled.exited).toBe(0);
    const list = run('src/cli/user.ts', ['list'], env);
    expect(await list.exited).toBe(0);
    expect(list.output().stdout).toMatch(/cli-nutzer\tROLE_USER\t.*\tgesperrt/);
    const unknownRole = run('src/cli/user.ts', ['role', 'cli-nutzer', 'ROLE_GOTT'], env);
    expect(await unknownRole.exited).toBe(2);
  });
});
