/**
 * Pages of a third origin that must get nowhere with the portal:
 * - `/frame?path=/dashboard` frames the portal (refused by frame-ancestors) and keeps posting viewport
 *   messages into the frame;
 * - `/third-party` is meant to sit as a frame beside the portal on the host page (an advert, say); specs
 *   call `postToPortal(message)` or `postToHost(message)` in it to send forged bridge messages.
 */
import { createServer, type Server } from 'node:http';
import { escapeHtml } from './html.ts';

const POSTERS = `
  function postToPortal(message) {
    for (let i = 0; i < window.parent.frames.length; i++) {
      if (window.parent.frames[i] !== window) window.parent.frames[i].postMessage(message, '*');
    }
  }
  function postToHost(message) {
    window.parent.postMessage(message, '*');
  }`;

function framePage(portalUrl: string, path: string): string {
  const src = `${portalUrl}${path.startsWith('/') ? path : '/'}`;
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Fremde Seite</title></head>
<body>
<h1>Fremde Seite</h1>
<iframe id="portal" title="Portal" src="${escapeHtml(src)}" style="width:100%;height:600px;border:0"></iframe>
<script>
  const frame = document.getElementById('portal');
  let sent = 0;
  setInterval(() => {
    sent += 1;
    frame.contentWindow.postMessage(
      { source: 'portal', type: 'viewport', scrollY: 5000, iframeTop: 0, viewportHeight: 100 }, '*');
    document.body.dataset.sent = String(sent);
  }, 200);
</script>
</body>
</html>
`;
}

function thirdPartyPage(): string {
  return `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Werbung</title></head>
<body><p>Werbung</p><script>${POSTERS}</script></body>
</html>
`;
}

export function createHostileServer(portalUrl: string): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://hostile.invalid');
    const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
    if (url.pathname === '/health') response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    else if (url.pathname === '/frame')
      response.writeHead(200, html).end(framePage(portalUrl, url.searchParams.get('path') ?? '/'));
    else if (url.pathname === '/third-party') response.writeHead(200, html).end(thirdPartyPage());
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
}
