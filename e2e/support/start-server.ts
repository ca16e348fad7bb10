/**
 * Starts the real server for the end-to-end tests (playwright.config.ts `webServer`): a fresh
 * DATA_DIR (SQLite, uploads, outbox; E2E_DATA_DIR in origins.ts), demo users seeded (NODE_ENV unset), the test origins
 * and the host page configured.
 * Removes the folder when the server stops. E2E_DATABASE_URL points it at PostgreSQL instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APP_ORIGIN,
  APP_PORT,
  E2E_DATA_DIR,
  EXTERNAL_API_KEY,
  HOST_ORIGIN,
  HOST_PAGE_URL,
} from './origins.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  console.warn(`[e2e] ${webDist}/index.html is missing: build the web app first (npm run build).`);
}

// Emptied first: a server killed hard may have left its folder behind.
const dataDir = E2E_DATA_DIR;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(APP_PORT),
  PUBLIC_URL: APP_ORIGIN,
  DATA_DIR: dataDir,
  HOST_ORIGIN,
  // Links the portal hands out open the host page with the deep link, as in production (issue 31).
  HOST_PAGE_URL: HOST_PAGE_URL,
  LOGIN_FORM_ORIGINS: APP_ORIGIN,
  EXTERNAL_API_KEY,
  WEB_DIST: webDist,
  // Many logins from one IP in a few minutes; the limit itself is covered by the API tests.
  RATE_LIMIT_MAX: process.env.RATE_LIMIT_MAX ?? '10000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
delete env.NODE_ENV;
delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

const server = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

function removeDataDir(): void {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.once('error', (error) => {
  console.error(`[e2e] could not start the server: ${error.message}`);
  removeDataDir();
  process.exit(1);
});
server.once('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});
