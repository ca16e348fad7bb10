import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { API } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** the only other origin allowed to frame the portal */
  hostOrigin: string | undefined;
  /** the address members use; HSTS is sent only when it is https (always so in production) */
  publicUrl: string;
}

/**
 * The security headers of every answer, from helmet: CSP of ARCHITECTURE §4 (only our own scripts, tokens live
 * in localStorage; framing only by the host website). X-Frame-Options is left out: it cannot allow one other
 * origin and would break the iframe.
 */
function securityHeaders({ hostOrigin, publicUrl }: SecurityHeadersOptions): OutgoingHttpHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", ...(hostOrigin ? [hostOrigin] : [])],
      },
    },
    frameguard: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Over plain http (local runs, the e2e suite) HSTS would only pin localhost to https in the browser.
    strictTransportSecurity: publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
  });
  // The headers depend on the options alone, so helmet runs once, on a response that is never sent.
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  middleware(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  return response.getHeaders();
}

/**
 * Helmet's headers that act only where a browser renders a document (window grouping, DNS prefetching of its
 * links, old Internet Explorer downloads, Flash and PDF policy files, the retired XSS filter). An API answer is
 * JSON read by the app's scripts; opened as a document it still has the CSP, nosniff and no referrer.
 */
const DOCUMENT_ONLY = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

/**
 * Whether `url` answers JSON of the API: everything under /api/ except the API's documentation pages, and the
 * host website's login links under /external/.
 */
function isApiAnswer(url: string): boolean {
  return (url.startsWith('/api/') && !url.startsWith(API.docs)) || url.startsWith('/external/');
}

/**
 * Sets the security headers and the request id on every answer. The security headers are computed once:
 * building them per request (as the helmet plugin for Fastify does, for per-route options we do not use) took
 * a tenth of a small answer's time. Documents (the app, its files, the API's documentation) get helmet's whole
 * set; API answers the headers that act on them (CSP, nosniff, resource policy, referrer policy, HSTS): each
 * header costs the server and every client on every answer (decision 0098). API answers are never stored by a
 * browser or proxy (`Cache-Control: no-store`): they carry tokens and what a member may see (decision 0105).
 * Routes that need other values (signed file addresses, public media files, the app's static files)
 * overwrite single headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const documentHeaders = securityHeaders(options);
  const apiHeaders = {
    ...Object.fromEntries(Object.entries(documentHeaders).filter(([name]) => !DOCUMENT_ONLY.has(name))),
    'cache-control': 'no-store',
  };
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : documentHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
