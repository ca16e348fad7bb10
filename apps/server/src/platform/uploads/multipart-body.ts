import type { Multipart } from '@fastify/multipart';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../http/errors.ts';
import type { UploadReceiver } from './upload-receiver.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: the route's multipart body may carry files (written to temp files); others take fields only. */
    uploads?: boolean;
  }
}

/** Form fields of one request: as many as the largest form needs, far fewer than a flood. */
const MAX_FIELDS = 50;
/** Files of one upload request (a forum post's attachments and more). */
const MAX_FILES = 20;

export interface MultipartBodyOptions {
  uploads: UploadReceiver;
  /** the largest file (UPLOAD_LIMIT_MB) */
  fileLimitBytes: number;
}

/**
 * Reads multipart bodies (issue 30 point 3) as a preValidation hook, so after the route's guards
 * (authentication and role check are onRequest hooks) and only on a route: a request to no route is answered
 * 404 with its body unread. Files go to temp files only on routes marked `config: { uploads: true }` and
 * only for an authenticated member; elsewhere a file part is refused with 413 before any of it is read.
 * Form fields together may be as large as the route's body limit (small on public routes); a field cut at
 * that size is refused, never passed on shortened. The body is the fields by name (an array when a name
 * repeats), as `attachFieldsToBody: 'keyValues'` of @fastify/multipart gave it.
 */
export function registerMultipartBodies(app: FastifyInstance, options: MultipartBodyOptions): void {
  // A callback hook, not an async one: it runs on every request, and most are no multipart.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || request.is404) return done();
    readBody(request, options).then(() => done(), done);
  });
}

async function readBody(request: FastifyRequest, options: MultipartBodyOptions): Promise<void> {
  const { config, bodyLimit } = request.routeOptions;
  const files = config.uploads === true;
  if (files && !request.principal) throw unauthorized();
  const body: Record<string, unknown> = {};
  let fieldBytes = 0;
  const parts = request.parts({
    limits: {
      fields: MAX_FIELDS,
      fieldSize: bodyLimit,
      files: files ? MAX_FILES : 0,
      fileSize: options.fileLimitBytes,
    },
  });
  for await (const part of parts) {
    add(body, part.fieldname, await partValue(request, part, options));
    if (part.type === 'field') {
      // a field sent as application/json arrives parsed
      const text = typeof part.value === 'string' ? part.value : (JSON.stringify(part.value) ?? '');
      fieldBytes += Buffer.byteLength(text);
      if (part.valueTruncated || fieldBytes > bodyLimit) throw new HttpError(413, MESSAGES.tooLarge);
    }
  }
  request.body = body;
}

async function partValue(request: FastifyRequest, part: Multipart, options: MultipartBodyOptions) {
  if (part.type === 'field') return part.value;
  await options.uploads.onFile.call(request, part);
  return part.value;
}

function add(body: Record<string, unknown>, name: string, value: unknown): void {
  const present = body[name];
  if (present === undefined) body[name] = value;
  else if (Array.isArray(present)) present.push(value);
  else body[name] = [present, value];
}
