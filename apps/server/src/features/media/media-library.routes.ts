import { MEDIA_API, MEDIA_MESSAGES } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../platform/auth/guards.ts';
import { attachmentDisposition, offeredFileName } from '../../platform/http/content-disposition.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { MediaServices } from './media-services.ts';

/** GET /mediaLibrary/{path}: a media file for any logged-in member (relative links in rich text). */
export const mediaLibraryRoutes: FastifyPluginAsyncZod<{ media: MediaServices }> = async (app, opts) => {
  const { library } = opts.media;

  app.route({
    method: 'GET',
    url: `${MEDIA_API.libraryPrefix}*`,
    onRequest: requireRole('ROLE_PARTNER'),
    schema: {
      tags: ['media'],
      description:
        'Downloads a media file (Authorization header required). The path is the file name, optionally after ' +
        'its category names from the root (`Dokumente/Merkblatt.pdf`); without a matching path a file name ' +
        'that exists only once is enough. 404 otherwise.',
    },
    handler: async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const file = await library.resolve(path);
      const stored = await library.read(file);
      if (!stored) throw notFound(MEDIA_MESSAGES.fileNotFound);
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Length', stored.size)
        .header(
          'Content-Disposition',
          attachmentDisposition(offeredFileName(file.originalFilename, file.storageKey)),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send(stored.stream);
    },
  });
};
