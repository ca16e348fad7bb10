import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES, type TApiError, ZApiError } from '@portal/contract';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { createDiskFullReport, diskFullIn } from './disk-full.ts';

/** An error whose German detail is safe to show; thrown by services and guards. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string> | undefined;

  constructor(statusCode: number, detail: string, errors?: Record<string, string>) {
    super(detail);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

export const badRequest = (detail: string, errors?: Record<string, string>) =>
  new HttpError(400, detail, errors);
export const unauthorized = (detail: string = MESSAGES.unauthorized) => new HttpError(401, detail);
export const forbidden = (detail: string = MESSAGES.forbidden) => new HttpError(403, detail);
export const notFound = (detail: string = MESSAGES.notFound) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** The error answers most routes document: bad input, not logged in, not allowed, not found. */
export const ROUTE_ERRORS = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError } as const;

interface TRefusal {
  status: number;
  detail: string;
}

/**
 * What a client's bad request makes Fastify, its plugins or Node's HTTP parser raise, by error code: the
 * status we answer and the German detail. Their own bodies are English and some of their statuses wrong
 * (a cut-off multipart body is a 500 there); ARCHITECTURE §4 wants `{ detail }` and a 4xx for bad input.
 */
const REFUSALS: Record<string, TRefusal> = {
  // routing (reported through `frameworkErrors`, past every hook)
  FST_ERR_BAD_URL: { status: 400, detail: MESSAGES.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: MESSAGES.urlTooLong },
  // body parsing
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: MESSAGES.tooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: MESSAGES.unsupportedContentType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: MESSAGES.badRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: MESSAGES.invalidJson },
  // @fastify/multipart
  FST_REQ_FILE_TOO_LARGE: { status: 413, detail: MESSAGES.tooLarge },
  FST_PARTS_LIMIT: { status: 413, detail: MESSAGES.tooManyParts },
  FST_FILES_LIMIT: { status: 413, detail: MESSAGES.tooManyParts },
  FST_FIELDS_LIMIT: { status: 413, detail: MESSAGES.tooManyParts },
  FST_PROTO_VIOLATION: { status: 400, detail: MESSAGES.badRequest },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, detail: MESSAGES.invalidJson },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, detail: MESSAGES.unsupportedContentType },
  FST_MP_PREMATURE_CLOSE: { status: 400, detail: MESSAGES.incompleteRequest },
  // Node's HTTP parser (reported through `clientErrorHandler`, before Fastify sees a request)
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: MESSAGES.requestTimeout },
  HPE_HEADER_OVERFLOW: { status: 431, detail: MESSAGES.headersTooLarge },
  HPE_INVALID_EOF_STATE: { status: 400, detail: MESSAGES.incompleteRequest },
  // platform/db/database-errors.ts: the database cannot be reached, did not answer in time or takes no writes
  PORTAL_DATABASE_UNAVAILABLE: { status: 503, detail: MESSAGES.databaseUnavailable },
  // the client left before its answer; its uncommitted work was cancelled and no one reads this
  PORTAL_REQUEST_ABANDONED: { status: 400, detail: MESSAGES.incompleteRequest },
};

/** Seconds a client is asked to wait after a 503 of an outage (the pool reconnects on the next request). */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * @fastify/busboy reports a malformed multipart body (no, wrong or over-long boundary, body cut off) with
 * plain Errors, no code and no status, which would otherwise be answered as our own failure with 500.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /unexpected end of multipart data$/i,
  /^The needle cannot (be an empty|have a length bigger)/,
];

function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  return (
    error.statusCode === undefined &&
    request.isMultipart() &&
    MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message))
  );
}

const DETAIL_BY_STATUS: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  406: MESSAGES.badRequest,
  408: MESSAGES.requestTimeout,
  413: MESSAGES.tooLarge,
  414: MESSAGES.urlTooLong,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyRequests,
  431: MESSAGES.headersTooLarge,
  503: MESSAGES.unavailable,
};

/** The answer to an error that is not an HttpError: by its code, else by its status; never English. */
function refusalOf(error: FastifyError, request?: FastifyRequest): TRefusal {
  const known = error.code && Object.hasOwn(REFUSALS, error.code) ? REFUSALS[error.code] : undefined;
  if (known) return known;
  if (request && isMalformedMultipart(error, request)) return { status: 400, detail: MESSAGES.malformedForm };
  // The client went away in the middle of its body: not our failure, and no one is left to read the answer.
  if (request && error.code === 'ECONNRESET' && !request.raw.complete) {
    return { status: 400, detail: MESSAGES.incompleteRequest };
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode <= 599 ? error.statusCode : 500;
  return {
    status,
    detail: DETAIL_BY_STATUS[status] ?? (status >= 500 ? MESSAGES.internal : MESSAGES.badRequest),
  };
}

function fieldErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return errors;
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? MESSAGES.badRequest;
  }
  return errors;
}

/**
 * Error bodies are written as plain JSON, past the route's response schemas: a schema for the same status
 * that describes something else (the health check's 503) would fail, and Fastify's fallback is English. No
 * error is stored by a cache (a 404 would be by default), also where no hook set the API's headers.
 */
function sendError(reply: FastifyReply, status: number, body: TApiError) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .serializer((payload) => JSON.stringify(payload))
    .send(body);
}

function sendRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, detail } = refusalOf(error, request);
  if (error.code === 'PORTAL_DATABASE_UNAVAILABLE') {
    // An outage, not a defect: one line per request, without a stack trace.
    request.log.warn({ reason: error.message }, 'database unavailable');
    reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
  } else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: error.code, status }, 'request refused');
  return sendError(reply, status, { detail });
}

/** Every failure becomes `{ detail, errors? }` with a German text; never a stack trace (ARCHITECTURE §4). */
export function registerErrorHandlers(app: FastifyInstance): void {
  const reportDiskFull = createDiskFullReport();
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // A full disk (files or database) is the operator's problem, not a defect: 507 (decision 0111).
    const full = diskFullIn(error);
    if (full) {
      reportDiskFull(request.log, full, error);
      return sendError(reply, 507, { detail: MESSAGES.diskFull });
    }
    if (error instanceof HttpError) {
      const body: TApiError = { detail: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return sendError(reply, error.statusCode, body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const first = Object.values(errors)[0];
      return sendError(reply, 400, { detail: first ?? MESSAGES.validation, errors });
    }
    return sendRefusal(error, request, reply);
  });
}

/**
 * Fastify options for the errors that never reach the error handler: a path Fastify cannot route (broken
 * percent-encoding, an over-long parameter) and a request Node's parser refuses before Fastify sees it
 * (a control character in a header, a cut-off body, headers over the limit).
 */
export function frameworkErrorOptions(): Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'clientErrorHandler'
> {
  return {
    frameworkErrors: (error, request, reply) => {
      sendRefusal(error, request, reply);
    },
    clientErrorHandler,
  };
}

function clientErrorHandler(this: FastifyInstance | undefined, error: ConnectionError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this?.log.info({ code: error.code }, 'malformed request refused');
  const { status, detail } = refusalOf(error as FastifyError);
  const answer =
    400 <= status && status < 500 ? { status, detail } : { status: 400, detail: MESSAGES.badRequest };
  refuseOnSocket(socket, answer.status, answer.detail, error);
}

/**
 * Writes a German `{ detail }` answer straight onto the connection and closes it: for requests that Fastify
 * cannot answer (Node's parser refused them, their body stalled). Whatever was still reading the request fails
 * as with a connection the client broke off.
 */
export function refuseOnSocket(socket: Socket, status: number, detail: string, error?: Error): void {
  // Node's own rule: no answer once a response has begun on this socket, it would corrupt that one.
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !response?.headersSent) {
    const body = JSON.stringify({ detail } satisfies TApiError);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Cache-Control: no-store\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * Fastify's own answer to a request that arrives while the server shuts down (a keep-alive connection
 * still open) has an English body; with `return503OnClosing: false` this hook gives the same 503 in German.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (_request, _reply, done) => {
    done(closing ? new HttpError(503, MESSAGES.unavailable) : undefined);
  });
}
