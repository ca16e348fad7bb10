import path from 'node:path';
import { API, MESSAGES, zWholeNumber } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition, inlineDisposition, offeredFileName } from '../http/content-disposition.ts';
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

/** Pictures are shown where they are linked (`<img src>`); anything else is a download (issue 30: PDFs too). */
const SHOWN = new Set(['.png', '.jpg', '.gif']);

/** The header for a file of this key, offered under `name` when the URL names it. */
function dispositionOf(key: string, name: string | undefined): string {
  const type = SHOWN.has(path.extname(key).toLowerCase()) ? 'inline' : 'attachment';
  if (name === undefined) return type;
  const offered = offeredFileName(name, key);
  return type === 'inline' ? inlineDisposition(offered) : attachmentDisposition(offered);
}

/** GET /api/files/<key>?expires&signature[&name]: private uploads for whoever holds a valid signed URL. */
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
        name: z.string().max(1000).optional(),
      }),
    },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature, name } = request.query;
      if (!opts.signer.verify(key, expires, signature, name)) throw notFound(MESSAGES.notFound);
      const file = await opts.storage.read(key).catch(() => undefined);
      if (!file) throw notFound(MESSAGES.notFound);
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .header('Content-Type', CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
        .header('Content-Length', file.size)
        .header('Cache-Control', `private, max-age=${maxAge}, immutable`)
        .header('Content-Disposition', dispositionOf(key, name))
        .send(file.stream);
    },
  });
};
