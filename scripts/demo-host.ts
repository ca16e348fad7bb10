/**
 * `npm run demo:host`: the host website of the end-to-end tests for local use. Serves a page on
 * http://127.0.0.1:8090 (another site than the portal, so the iframe behaves as on the real website) that
 * embeds the portal running at http://localhost:8080 (`npm start`).
 *
 * Environment: PORTAL_URL (http://localhost:8080), PORT (8090), EXTERNAL_API_KEY (enables `?user=admin`:
 * the page fetches a fresh login link, as the real host's server does).
 */
import { createHostServer } from '../e2e/support/host-page.ts';

const portalUrl = new URL(process.env.PORTAL_URL ?? 'http://localhost:8080').origin;
const port = Number(process.env.PORT ?? 8090);
const origin = `http://127.0.0.1:${port}`;
const apiKey = process.env.EXTERNAL_API_KEY;

const server = createHostServer({ portalUrl, ...(apiKey ? { apiKey } : {}) });
server.listen(port, '127.0.0.1', () => {
  const lines = [
    `Host page on ${origin}, embedding ${portalUrl}`,
    '',
    'Start the portal so that it lets this page frame it (and its links open this page):',
    `  HOST_ORIGIN=${origin} HOST_PAGE_URL=${origin}/${apiKey ? ' EXTERNAL_API_KEY=…' : ''} npm start`,
    '',
    `  ${origin}/                       the portal in the frame (log in with the form on the portal origin)`,
    `  ${origin}/?portal=/blog          a deep link`,
    apiKey
      ? `  ${origin}/?user=admin            logged in with a fresh one-time link`
      : '  (set EXTERNAL_API_KEY to log in with ?user=admin through a one-time link)',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
