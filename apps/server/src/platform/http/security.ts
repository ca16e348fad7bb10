import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** the only other origin allowed to frame the portal */
  hostOrigin: string | undefined;
  /** the address members use; HSTS is sent only when it is https (always so in production) */
  publicUrl: string;
}

/**
 * CSP of ARCHITECTURE §4: only our own scripts (tokens live in localStorage), framing only by the host website.
 * X-Frame-Options is left out: it cannot allow one other origin and would break the iframe.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { hostOrigin, publicUrl }: SecurityHeadersOptions,
): Promise<void> {
  await app.register(helmet, {
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
}
