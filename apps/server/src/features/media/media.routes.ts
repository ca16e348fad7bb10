import {
  MEDIA_API,
  MEDIA_FILES_NEXT_HEADER,
  MEDIA_FILES_PAGE_SIZE,
  MEDIA_FILES_PAGE_SIZE_MAX,
  ZApiError,
  ZMediaCategory,
  ZMediaCategoryTree,
  ZMediaDuplicates,
  ZMediaDuplicatesQuery,
  ZMediaFile,
  ZMediaFileMap,
  ZMediaFilesQuery,
  ZMediaIdParams,
  ZSaveMediaCategoryBody,
  ZSaveMediaCategoryTreeBody,
  ZSaveMediaFields,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { MediaServices } from './media-services.ts';

/**
 * The media library of SPEC §7: categories and files, for admins only (SPEC §2: /media is ROLE_ADMIN). The
 * role check runs in `onRequest`, so a refused upload is never read.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ media: MediaServices }> = async (app, opts) => {
  const { categories, files, duplicates } = opts.media;
  const admin = requireRole('ROLE_ADMIN');
  const categoryTags = ['mediaCategory'];
  const fileTags = ['media'];

  app.route({
    method: 'GET',
    url: MEDIA_API.categories,
    onRequest: admin,
    schema: {
      tags: categoryTags,
      description:
        'The whole tree: `{ id, name, level, position, parentId, mediaCount, children }` per node.',
      response: { 200: ZMediaCategoryTree, ...ROUTE_ERRORS },
    },
    handler: () => categories.tree(),
  });

  app.route({
    method: 'GET',
    url: MEDIA_API.category.pattern,
    onRequest: admin,
    schema: {
      tags: categoryTags,
      params: ZMediaIdParams,
      description: 'One category with its sub-categories.',
      response: { 200: ZMediaCategory, ...ROUTE_ERRORS },
    },
    handler: (request) => categories.byId(request.params.id),
  });

  app.route({
    method: 'POST',
    url: MEDIA_API.categories,
    onRequest: admin,
    schema: {
      tags: categoryTags,
      description:
        'Creates (without id) or updates a category from the form field `mediaCategory` (JSON of id, name, ' +
        'parentId, position). Defaults: position 999; the level follows from `parentId` (root: 1). Returns the ' +
        'whole tree.',
      body: ZSaveMediaCategoryBody,
      response: { 200: ZMediaCategoryTree, ...ROUTE_ERRORS },
    },
    handler: (request) => categories.save(principalOf(request), request.body.mediaCategory),
  });

  app.route({
    method: 'POST',
    url: MEDIA_API.saveTree,
    onRequest: admin,
    schema: {
      tags: categoryTags,
      description:
        'Form field `mediaCategories` (JSON): the tree after a drag, as nodes `{ id, children }`. The nesting ' +
        'sets the parent, the order of each array the position (0, 1, …); levels follow. Categories left out ' +
        'keep their place. Unknown or repeated ids answer 400. Returns the whole tree.',
      body: ZSaveMediaCategoryTreeBody,
      response: { 200: ZMediaCategoryTree, ...ROUTE_ERRORS },
    },
    handler: (request) => categories.saveTree(principalOf(request), request.body.mediaCategories),
  });

  app.route({
    method: 'DELETE',
    url: MEDIA_API.category.pattern,
    onRequest: admin,
    schema: {
      tags: categoryTags,
      params: ZMediaIdParams,
      description: 'Deletes an empty category; 409 while it holds files or sub-categories. Returns the tree.',
      response: { 200: ZMediaCategoryTree, ...ROUTE_ERRORS, 409: ZApiError },
    },
    handler: (request) => categories.remove(principalOf(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: MEDIA_API.file.pattern,
    onRequest: admin,
    schema: {
      tags: fileTags,
      params: ZMediaIdParams,
      querystring: ZMediaFilesQuery,
      description:
        'The files of category `id`, keyed by file id (`{}` when empty): `{ "12": { id, name, category, ' +
        'originalFilename, url, publicPath, mimeType, size } }`. 404 for an unknown category. Without ' +
        '`limit` every file; with `limit` (1 … ' +
        `${MEDIA_FILES_PAGE_SIZE_MAX}) one page of them by name, then id, after the file the cursor \`after\` ` +
        `names (\`{id}:{name}\`, from the last file of the page before; \`limit\` defaults to ` +
        `${MEDIA_FILES_PAGE_SIZE} with \`after\`). The header \`${MEDIA_FILES_NEXT_HEADER}\` carries the ` +
        'cursor of the next page, URL-encoded as `after` takes it, and is missing on the last one; the ' +
        "number of files is the category's " +
        '`mediaCount` in the tree. A cursor that is none answers 400.',
      response: { 200: ZMediaFileMap, ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      const page = await files.list(request.params.id, request.query);
      if (page.next !== null) void reply.header(MEDIA_FILES_NEXT_HEADER, encodeURIComponent(page.next));
      return page.files;
    },
  });

  app.route({
    method: 'POST',
    url: MEDIA_API.files,
    onRequest: admin,
    config: { uploads: true },
    schema: {
      tags: fileTags,
      consumes: ['multipart/form-data'],
      description:
        'Multipart: `media` (JSON `{ id?, name, category }`) and `file` (JPG, PNG, GIF or PDF by content, else ' +
        '415; required without id). With id and a file the binary is replaced at the same address. Returns ' +
        'the saved file.',
      body: ZSaveMediaFields.extend({ file: ZUploadedFile }),
      response: { 200: ZMediaFile, ...ROUTE_ERRORS, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) => files.save(principalOf(request), request.body.media, request.body.file),
  });

  app.route({
    method: 'POST',
    url: MEDIA_API.duplicates,
    onRequest: admin,
    schema: {
      tags: fileTags,
      description:
        'Which of the files about to be uploaded the library holds already (decision 0126). JSON ' +
        '`{ category, exclude?, files: [{ name, sha256? }] }` (1 … 50 files; `sha256` of the bytes as chosen, ' +
        'hex): per file in the same order, `sameContent` the files with the same bytes anywhere (at most 5) and ' +
        '`sameName` the file of that name in `category`, each `{ id, name, category, categoryName }`; ' +
        '`exclude` (the file being edited) is never named. Writes nothing; uploads are never refused for it. ' +
        'Files stored before the check existed have no checksum and are found by name only.',
      body: ZMediaDuplicatesQuery,
      response: { 200: ZMediaDuplicates, ...ROUTE_ERRORS },
    },
    handler: (request) => duplicates.check(request.body),
  });

  app.route({
    method: 'DELETE',
    url: MEDIA_API.file.pattern,
    onRequest: admin,
    schema: { tags: fileTags, params: ZMediaIdParams, response: { 204: z.null(), ...ROUTE_ERRORS } },
    handler: async (request, reply) => {
      await files.remove(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
