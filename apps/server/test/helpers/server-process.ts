/**
 * A real server process and command-line tools in child processes, for tests that need what inject()
 * cannot give: start-up, signals, several processes on one data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './pg-cluster.ts';

export { freePort };

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `node script args` in apps/server with only the environment given (plus PATH and the test's scrypt cost). */
export function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', SCRYPT_COST: '14', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output, stdout: () => stdout, stderr: () => stderr };
}

/** A CLI run to its end: its exit code and what it printed to stdout and to stderr. */
export async function runCli(script: string, args: string[], env: Record<string, string>) {
  const cli = run(script, args, env);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

/** Until the server answers, it exits, or the test's own time runs out (start-up seeds the demo). */
export async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy (exit code ${child.exitCode})`);
}

/** A server on a free loopback port, once it answers its health check. */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = run('src/main.ts', [], { ...env, PORT: String(port), PUBLIC_URL: url });
  await waitForHealth(url, server.child).catch((error: Error) => {
    throw new Error(`${error.message}\n${server.output()}`);
  });
  /** SIGTERM, then the exit code once the process has ended. */
  const stop = () => {
    server.child.kill('SIGTERM');
    return server.exited;
  };
  return { url, stop, pid: server.child.pid ?? 0 };
}

/** The admin's access token through the password form, which the server's own origin may use. */
export function adminToken(url: string): Promise<string> {
  return loginToken(url, 'admin');
}

/** A demo account's access token through the password form (the demo password). */
export async function loginToken(url: string, username: string): Promise<string> {
  const linkResponse = await fetch(`${url}/external/generate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'portal-demo' }),
  });
  if (linkResponse.status !== 200) throw new Error(`login link: ${linkResponse.status}`);
  const { link } = (await linkResponse.json()) as { link: string };
  const login = await fetch(`${url}/api/auth/login?token=${new URL(link).searchParams.get('token')}`);
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

export async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A multipart POST as the web app sends it. */
export async function postForm(
  url: string,
  token: string,
  fields: Record<string, string | File>,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}
