/**
 * The host website of the end-to-end tests and of `npm run demo:host`: a page on another origin that
 * embeds the portal with /embed.js, with content above and below the frame so that the host page scrolls.
 *
 * Query parameters of the page:
 * - `user=<name>`: the page's server asks the portal for a fresh one-time login link (API key), as the
 *   real host website does each time it shows the portal.
 * - `portal=/blog/12`: a deep link, read by embed.js.
 * - `third-party=1`: adds a frame from a third origin (see hostile-page.ts) beside the portal.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { escapeHtml } from './html.ts';

export interface THostPageOptions {
  /** The portal's origin, e.g. http://localhost:8080; the page loads its /embed.js. */
  portalUrl: string;
  /** Enables `?user=`: the key for POST /external/generate/login. */
  apiKey?: string;
  /** Enables `?third-party=1`: the origin of the third-party frame. */
  thirdPartyUrl?: string;
}

interface TPageContent {
  loginPath?: string;
  error?: string;
  thirdPartyUrl?: string;
}

function renderHostPage(portalUrl: string, content: TPageContent): string {
  const dataPath = content.loginPath ? ` data-path="${escapeHtml(content.loginPath)}"` : '';
  const error = content.error ? `<p role="alert" class="error">${escapeHtml(content.error)}</p>` : '';
  const thirdParty = content.thirdPartyUrl
    ? `<aside><iframe id="third-party" title="Werbung" src="${escapeHtml(content.thirdPartyUrl)}"></iframe></aside>`
    : '';
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flachglas-Verband – Mitgliederbereich</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1d2733; }
  header { box-sizing: border-box; height: 320px; padding: 24px; background: #dde7f0; }
  main { max-width: 1200px; margin: 0 auto; padding: 0 16px; }
  aside iframe { width: 300px; height: 120px; border: 1px solid #ccc; }
  footer { box-sizing: border-box; height: 900px; padding: 24px; background: #eef0f2; }
  .error { color: #b00020; }
</style>
</head>
<body>
<header>
  <h1>Flachglas-Verband</h1>
  <p>Testseite der Verbandswebsite: das Portal wird unten von ${escapeHtml(portalUrl)} eingebettet.</p>
  ${error}
</header>
<main><div id="portal"></div></main>
${thirdParty}
<footer><p>Fußzeile der Verbandswebsite</p></footer>
<script src="${escapeHtml(portalUrl)}/embed.js" data-target="portal"${dataPath}></script>
</body>
</html>
`;
}

/** Asks the portal for a one-time login link and returns its path (/login?token=…). */
async function fetchLoginPath(portalUrl: string, apiKey: string, username: string): Promise<string> {
  const response = await fetch(`${portalUrl}/external/generate/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username }),
  });
  if (!response.ok) throw new Error(`POST /external/generate/login answered ${response.status}`);
  const { link } = (await response.json()) as { link: string };
  const url = new URL(link);
  return url.pathname + url.search;
}

async function handle(options: THostPageOptions, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://host.invalid');
  if (url.pathname === '/health') {
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/favicon.ico') {
    response.writeHead(404).end();
    return;
  }
  const content: TPageContent = {};
  const username = url.searchParams.get('user');
  if (username && options.apiKey) {
    try {
      content.loginPath = await fetchLoginPath(options.portalUrl, options.apiKey, username);
    } catch (error) {
      content.error = `Anmeldelink konnte nicht erzeugt werden: ${error instanceof Error ? error.message : error}`;
    }
  }
  if (url.searchParams.get('third-party') === '1' && options.thirdPartyUrl) {
    content.thirdPartyUrl = `${options.thirdPartyUrl}/third-party`;
  }
  response
    .writeHead(content.error ? 502 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    })
    .end(renderHostPage(options.portalUrl, content));
}

export function createHostServer(options: THostPageOptions): Server {
  return createServer((request, response) => {
    handle(options, request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
}
