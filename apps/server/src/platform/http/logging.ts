import { randomUUID } from 'node:crypto';
import { EVENTS_API } from '@portal/contract';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The address of a calendar subscription is its secret (calendar apps send no header). */
const FEED_PREFIX = EVENTS_API.calendarFeed('');
const CALENDAR_FEED = new RegExp(`^${FEED_PREFIX}[^/?]+`);

/** Query strings can carry login tokens, calendar addresses are secrets: logs keep only the rest. */
function pathOnly(url: string): string {
  const index = url.indexOf('?');
  return (index === -1 ? url : `${url.slice(0, index)}?…`).replace(CALENDAR_FEED, `${FEED_PREFIX}…`);
}

/** Keys whose values never reach a log line, at the top level of a logged object or one level down. */
const SECRET_KEYS = new Set(['password', 'token', 'refreshToken', 'link', 'authorization', 'cookie']);
const CENSOR = '[redacted]';

function censoredCopy(object: object): Record<string, unknown> | undefined {
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    if (SECRET_KEYS.has(key)) {
      copy ??= { ...object };
      copy[key] = CENSOR;
    }
  }
  return copy;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * pino's `formatters.log`: the logged object without secrets, as a copy only when it holds one (the caller's
 * object is never changed). It replaces pino's `redact` with wildcard paths (`*.password`), which ran for every
 * value of every line and took 60 % of a line's time.
 */
function withoutSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let copy = censoredCopy(object);
  const source = copy ?? object;
  for (const key in source) {
    const value = source[key];
    if (!isPlainObject(value)) continue;
    const nested = censoredCopy(value);
    if (!nested) continue;
    copy ??= { ...object };
    copy[key] = nested;
  }
  return copy ?? object;
}

/**
 * pino options: request ids, no tokens, passwords or login links in any log line. Without a stream (the
 * server as `npm start` runs it) lines go to stdout asynchronously: the request does not wait for the write,
 * and what is still buffered is written synchronously when the process exits (pino's own exit handler, also
 * on process.exit() and on an uncaught exception).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? pino.destination({ dest: 1, sync: false }),
    formatters: { log: withoutSecrets },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: pathOnly(req.url),
        ip: req.ip,
      }),
    },
  };
}

/**
 * One access line per request, when its answer has been written (Fastify's own logging writes two, one when
 * the request arrives and one when it is answered, which took a fifth of a small answer's time): method,
 * path (without its query), status, milliseconds, client address and the request id (`reqId`).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: pathOnly(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    // An answer whose stream failed after its headers were sent (the status says nothing then).
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export function requestLogOptions(): Pick<
  FastifyServerOptions,
  'genReqId' | 'requestIdHeader' | 'logController'
> {
  return {
    logController: new AccessLog(),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
