import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES, type TPublicSettings } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../html/text.ts';

const API_PREFIXES = ['/api/', '/external/', '/mediaLibrary/', '/media-files/'];
const SETTINGS_PLACEHOLDER = '<!--portal-settings-->';

/** index.html with the public settings in a meta tag: the app reads them without an inline script. */
function renderIndexHtml(template: string, settings: TPublicSettings): string {
  const meta = `<meta name="portal-settings" content="${escapeHtml(JSON.stringify(settings))}">`;
  return template.replace(SETTINGS_PLACEHOLDER, meta);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else that is not an API path gets
 * index.html (history-mode routing). Without a build a short German page says how to make one.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  settings: TPublicSettings,
): Promise<void> {
  const template = await readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => undefined);
  const indexHtml = template
    ? renderIndexHtml(template, settings)
    : '<!doctype html><html lang="de"><meta charset="utf-8"><title>Portal</title><p>Die Web-Oberfläche ist nicht gebaut. Bitte <code>npm run build</code> ausführen.</p></html>';

  if (template) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The host website loads embed.js from its own origin.
        if (filePath.endsWith(`${path.sep}embed.js`))
          res.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi =
      API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api' || url === '/external';
    // A missing script or style (an old hashed asset after a deploy) must not be answered with HTML.
    const isFile = url.startsWith('/assets/') || /\.[a-z0-9]{1,5}$/i.test(url);
    if (isApi || isFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: MESSAGES.notFound });
    }
    return reply
      .status(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
