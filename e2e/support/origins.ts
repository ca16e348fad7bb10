import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The three origins of the end-to-end setup (ARCHITECTURE §4 "Iframe"): the app on localhost, the host
 * website on 127.0.0.1 (another site, so the iframe's storage is partitioned as in real use) and a hostile
 * page on 127.0.0.2. Ports are fixed so specs and servers agree; override them through the environment.
 */
function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65_535)
    throw new Error(`${name} must be a port number`);
  return value;
}

export const APP_PORT = port('E2E_APP_PORT', 18080);
export const HOST_PORT = port('E2E_HOST_PORT', 18090);
export const HOSTILE_PORT = port('E2E_HOSTILE_PORT', 18091);

export const APP_ORIGIN = `http://localhost:${APP_PORT}`;
export const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
export const HOSTILE_ORIGIN = `http://127.0.0.2:${HOSTILE_PORT}`;

/** The host website's page that shows the portal (HOST_PAGE_URL): links the portal hands out open it. */
export const HOST_PAGE_URL = `${HOST_ORIGIN}/`;
/**
 * The app's server under another origin than APP_ORIGIN (the same server, reached by IP): no login form is
 * offered there (LOGIN_FORM_ORIGINS), as on the production portal's own address.
 */
export const APP_ORIGIN_WITHOUT_FORM = `http://127.0.0.1:${APP_PORT}`;

/** The server refuses API keys shorter than 16 characters. */
export const EXTERNAL_API_KEY = 'e2e-external-api-key';

export const DEMO_PASSWORD = 'portal-demo';

/**
 * The DATA_DIR of the e2e server (start-server.ts empties it at start and removes it at the end): fixed per
 * app port, so that specs can read the mails in its `outbox` folder.
 */
export const E2E_DATA_DIR = path.join(tmpdir(), `portal-e2e-${APP_PORT}`);
