import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * CSP of ARCHITECTURE §4: only our own scripts (tokens live in localStorage), framing only by the host website.
 * X-Frame-Options is left out: it cannot allow one other origin and would break the iframe.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  hostOrigin: string | undefined,
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
    strictTransportSecurity: false,
  });
}
