import { createHash } from 'node:crypto';
import { MEDIA_API, MEDIA_MESSAGES, MESSAGES } from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inlineDisposition, offeredFileName } from '../../platform/http/content-disposition.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { MissLimiter } from '../../platform/http/shared-counter.ts';
import type { MediaServices } from './media-services.ts';

export interface MediaPublicOptions {
  media: MediaServices;
  hostOrigin: string | undefined;
  /** addresses that do not exist, counted per client IP */
  misses: MissLimiter;
}

/** 429 until `until` (ms), with the seconds to wait. */
function refused(reply: FastifyReply, until: number): HttpError {
  reply.header('retry-after', String(Math.max(1, Math.ceil((until - Date.now()) / 1000))));
  return new HttpError(429, MESSAGES.tooManyRequests);
}

/**
 * GET /media-files/{publicToken}: a media file for anyone holding its address (ARCHITECTURE §4: media files
 * are public by design, their url is meant to be copied). Registered outside the authenticated context.
 * The binary can be replaced at the same address, so the cache is short and revalidated by ETag. A client
 * that asks for too many addresses that do not exist is refused for the rest of the minute (a guesser).
 */
export const mediaPublicRoutes: FastifyPluginAsyncZod<MediaPublicOptions> = async (app, opts) => {
  const { library } = opts.media;
  // Chrome's PDF viewer needs object-src and inline styles; nothing else runs on these responses.
  const csp = [
    "default-src 'none'",
    "img-src 'self'",
    "style-src 'unsafe-inline'",
    "object-src 'self'",
    `frame-ancestors 'self'${opts.hostOrigin ? ` ${opts.hostOrigin}` : ''}`,
  ].join('; ');

  app.route({
    method: 'GET',
    url: `${MEDIA_API.publicPrefix}:token`,
    schema: {
      tags: ['media'],
      security: [],
      params: z.object({ token: z.string().max(100) }),
      description:
        'A media file by its public address (no token needed): inline, with its type, original name and ETag.',
    },
    handler: async (request, reply) => {
      const { token } = request.params;
      const blockedUntil = opts.misses.blockedUntil(request.ip);
      if (blockedUntil > 0) throw refused(reply, blockedUntil);
      const file = /^[\w-]{20,64}$/.test(token) ? await library.byToken(token) : undefined;
      if (!file) {
        if (!(await opts.misses.miss(request.ip))) throw refused(reply, opts.misses.blockedUntil(request.ip));
        throw notFound(MEDIA_MESSAGES.fileNotFound);
      }
      const stored = await library.read(file);
      if (!stored) throw notFound(MEDIA_MESSAGES.fileNotFound);
      // The storage key changes with every new binary, so it identifies the version.
      const etag = `"${createHash('sha256').update(file.storageKey).digest('base64url').slice(0, 27)}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'public, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Content-Security-Policy', csp);
      const match = request.headers['if-none-match'];
      if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        stored.stream.destroy();
        return reply.status(304).send();
      }
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Length', stored.size)
        .header(
          'Content-Disposition',
          inlineDisposition(offeredFileName(file.originalFilename, file.storageKey)),
        )
        .send(stored.stream);
    },
  });
};
