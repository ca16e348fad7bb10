/**
 * The README's examples for websites without WordPress (issue 38 point 2), run as the website's server runs
 * them (`node`, `php`) against the portal listening on a port: the embed tag they print signs the member in.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, AUTH_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_API_KEY, type TestApp } from '../helpers/test-app.ts';

const examples = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../integrations/examples',
);
const php = spawnSync('php', ['-r', 'echo function_exists("curl_init") ? "curl" : "none";'], {
  encoding: 'utf8',
});
const phpMissing =
  php.error || php.status !== 0
    ? '`php` is not installed (apt-get install php-cli php-curl)'
    : php.stdout !== 'curl'
      ? "PHP's curl extension is missing (apt-get install php-curl)"
      : undefined;
if (phpMissing) console.warn(`[host-examples] the PHP example is skipped: ${phpMissing}`);

const RUNNERS = [
  { name: 'Node.js (fetch)', command: process.execPath, file: 'portal-login.mjs', missing: undefined },
  { name: 'PHP (curl)', command: 'php', file: 'portal-login.php', missing: phpMissing },
] as const;

let t: TestApp;
let portalUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the portal does not listen');
  portalUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(() => t.close());

function run(
  runner: (typeof RUNNERS)[number],
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      runner.command,
      [path.join(examples, runner.file), ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

for (const runner of RUNNERS) {
  describe(`the ${runner.name} example`, () => {
    // Skipped only where the machine has no PHP; the reason is printed above when the file loads.
    it.skipIf(runner.missing !== undefined)(
      'should print an embed tag whose login link signs the member in',
      async () => {
        const username = `beispiel-${runner.file.replace(/\W/g, '')}`;
        const result = await run(runner, [username, `${username}@example.de`, 'Glas & Rahmen AG'], {
          PORTAL_URL: portalUrl,
          PORTAL_API_KEY: TEST_API_KEY,
        });
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        const tag =
          /^<div id="portal"><\/div>\n<script src="(.+?)" data-target="portal" data-path="(.+?)"><\/script>\n$/.exec(
            result.stdout,
          );
        // the script comes from the portal's PUBLIC_URL, the origin of its links
        expect(tag?.[1]).toBe(`${t.config.publicUrl}/embed.js`);
        const loginPath = (tag?.[2] ?? '').replaceAll('&amp;', '&');
        expect(loginPath).toMatch(/^\/login\?token=[\w-]{43}$/);
        const token = new URL(loginPath, portalUrl).searchParams.get('token');
        const login = await t.app.inject({ method: 'GET', url: `${API.login}?token=${token}` });
        expect(login.statusCode).toBe(200);
        const profile = await t.app.inject({
          method: 'GET',
          url: API.profile,
          headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
        });
        expect(profile.json()).toMatchObject({ username, company: 'Glas & Rahmen AG' });
      },
    );

    it.skipIf(runner.missing !== undefined)(
      "should fail with the portal's reason and without the key on a wrong key",
      async () => {
        const wrongKey = 'ein-falscher-schluessel-0123456789';
        const result = await run(runner, ['erika'], { PORTAL_URL: portalUrl, PORTAL_API_KEY: wrongKey });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(`401: ${AUTH_MESSAGES.wrongApiKey}`);
        expect(result.stderr).not.toContain(wrongKey);
      },
    );

    it.skipIf(runner.missing !== undefined)(
      'should fail clearly when the portal cannot be reached',
      async () => {
        const result = await run(runner, ['erika'], {
          PORTAL_URL: 'http://127.0.0.1:9',
          PORTAL_API_KEY: TEST_API_KEY,
        });
        expect(result.code).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).not.toContain(TEST_API_KEY);
      },
    );
  });
}

describe("the README's copies of the examples", () => {
  it('should show the request functions exactly as the files hold them', async () => {
    const readme = await readFile(path.join(examples, '../../README.md'), 'utf8');
    const region = (source: string, start: string, end: string) => {
      const from = source.indexOf(start);
      return source.slice(from, source.indexOf(end, from) + end.length);
    };
    const phpFile = await readFile(path.join(examples, 'portal-login.php'), 'utf8');
    const nodeFile = await readFile(path.join(examples, 'portal-login.mjs'), 'utf8');
    const phpFunction = region(phpFile, 'function portal_login_link(', "\treturn $answer['link'];\n}");
    const nodeFunction = region(nodeFile, 'export async function portalLoginLink(', '  return link;\n}');
    expect(phpFunction.length).toBeGreaterThan(500);
    expect(nodeFunction.length).toBeGreaterThan(500);
    expect(readme).toContain(phpFunction);
    expect(readme).toContain(nodeFunction);
  });
});
