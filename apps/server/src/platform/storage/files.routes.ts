import path from 'node:path';
import { API, MESSAGES, zWholeNumber } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import type { UrlSigner } from './signed-url.ts';
import type { Storage } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
};

/** GET /api/files/<key>?expires&signature: private uploads for whoever holds a valid signed URL. */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: Storage; signer: UrlSigner }> = async (
  app,
  opts,
) => {
  app.route({
    method: 'GET',
    url: `${API.filesPrefix}*`,
    config: { public: true },
    schema: {
      hide: true,
      querystring: z.object({
        expires: zWholeNumber({ min: 0, max: Number.MAX_SAFE_INTEGER, message: MESSAGES.badRequest }),
        signature: z.string().max(100),
      }),
    },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature } = request.query;
      if (!opts.signer.verify(key, expires, signature)) throw notFound(MESSAGES.notFound);
      const file = await opts.storage.read(key).catch(() => undefined);
      if (!file) throw notFound(MESSAGES.notFound);
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header('Content-Type', CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
        .header('Content-Length', file.size)
        .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
        .header('Content-Disposition', 'inline')
        .send(file.stream);
    },
  });
};
