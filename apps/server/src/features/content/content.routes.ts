import {
  CONTENT_API,
  CSV_INLINE_ROWS,
  CSV_PAGE_SIZE,
  CSV_ROWS_PAGE_MAX,
  ZApiError,
  ZContentCategoryParams,
  ZContentIdParams,
  ZContentItem,
  ZContentItemList,
  ZContentOrder,
  ZContentRows,
  ZContentRowsQuery,
  ZSaveContentFields,
  ZSaveContentOrderBody,
} from '@portal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireRole } from '../../platform/auth/guards.ts';
import { ROUTE_ERRORS } from '../../platform/http/errors.ts';
import { ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { ContentService } from './content.service.ts';

const tags = ['content'];

/**
 * A table upload stages its rows in hundreds of statements: 200,000 rows (CSV_MAX_ROWS) took 14 s on SQLite
 * on a busy machine, far past the 9 s a request may usually spend on the database.
 */
const TABLE_UPLOAD_DATABASE_MS = 120_000;

/**
 * Content items of SPEC §7. Reading belongs to the content page (ROLE_USER) and follows the visibility of
 * the item's categories (404 otherwise); writing is for admins.
 */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, opts) => {
  const service = opts.content;
  const user = requireRole('ROLE_USER');
  const admin = requireRole('ROLE_ADMIN');

  app.route({
    method: 'GET',
    url: CONTENT_API.byCategory.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZContentCategoryParams,
      description:
        `The items of a category by position. \`csvContent\` is the header row, then the data rows: all of them ` +
        `up to ${CSV_INLINE_ROWS} data rows, else the first ${CSV_PAGE_SIZE}; \`csvRowCount\` counts all data ` +
        'rows, and GET /api/content/{id}/rows serves the others.',
      response: { 200: ZContentItemList, ...ROUTE_ERRORS },
    },
    handler: (request) => service.listByCategory(principalOf(request), request.params.categoryId),
  });

  app.route({
    method: 'GET',
    url: CONTENT_API.rows.pattern,
    onRequest: user,
    schema: {
      tags,
      params: ZContentIdParams,
      querystring: ZContentRowsQuery,
      description:
        `Data rows offset … offset+limit-1 of an item's table (limit default ${CSV_PAGE_SIZE}, at most ` +
        `${CSV_ROWS_PAGE_MAX}: larger tables are read page by page). With \`q\` only rows with a cell ` +
        'containing q (case-insensitive), and `total` counts those.',
      response: { 200: ZContentRows, ...ROUTE_ERRORS },
    },
    handler: async (request, reply) => {
      const page = await service.rows(principalOf(request), request.params.id, request.query);
      // JSON text put together from the stored rows (content-table.ts): a string is sent as it is, not
      // checked against ZContentRows again; the untyped reply takes it
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(page);
    },
  });

  app.route({
    method: 'POST',
    url: CONTENT_API.save,
    onRequest: admin,
    config: { databaseTimeMs: TABLE_UPLOAD_DATABASE_MS, uploads: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description:
        'Multipart: `content` (JSON of the item; without id a new one) and optionally `csvFile`, a CSV file ' +
        '(UTF-8 or Windows-1252; `;`, `,` or tab). The file replaces the table; `content.csvFile: null` without ' +
        'a file removes it. 415 when the file is no CSV text, 413 when it is too large, 409 when another save ' +
        'replaced the same table meanwhile.',
      body: ZSaveContentFields.extend({ csvFile: ZUploadedFile }),
      response: { 200: ZContentItem, ...ROUTE_ERRORS, 409: ZApiError, 413: ZApiError, 415: ZApiError },
    },
    handler: (request) => service.save(principalOf(request), request.body.content, request.body.csvFile),
  });

  app.route({
    method: 'POST',
    url: CONTENT_API.saveTree,
    onRequest: admin,
    schema: {
      tags,
      description:
        'Form field `contentList` (JSON): the items in their new order; they get positions 0, 1, ….',
      body: ZSaveContentOrderBody,
      response: { 200: ZContentOrder, ...ROUTE_ERRORS },
    },
    handler: (request) => service.order(request.body.contentList),
  });

  app.route({
    method: 'DELETE',
    url: CONTENT_API.byId.pattern,
    onRequest: admin,
    schema: { tags, params: ZContentIdParams, response: { 204: z.null(), ...ROUTE_ERRORS } },
    handler: async (request, reply) => {
      await service.remove(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
};
