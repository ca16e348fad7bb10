import { MESSAGES, type TApiError } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

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

const DETAIL_BY_STATUS: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  406: MESSAGES.badRequest,
  413: MESSAGES.tooLarge,
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyRequests,
  503: MESSAGES.unavailable,
};

function fieldErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return errors;
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? MESSAGES.badRequest;
  }
  return errors;
}

/** Every failure becomes `{ detail, errors? }` with a German text; never a stack trace (ARCHITECTURE §4). */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      const body: TApiError = { detail: error.message, ...(error.errors ? { errors: error.errors } : {}) };
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const first = Object.values(errors)[0];
      return reply.status(400).send({ detail: first ?? MESSAGES.validation, errors } satisfies TApiError);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ detail: DETAIL_BY_STATUS[status] ?? MESSAGES.internal });
    }
    request.log.info({ code: error.code, status }, 'request refused');
    return reply.status(status).send({ detail: DETAIL_BY_STATUS[status] ?? MESSAGES.badRequest });
  });
}
