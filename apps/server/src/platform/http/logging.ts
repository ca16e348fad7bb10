import { randomUUID } from 'node:crypto';
import { EVENTS_API } from '@portal/contract';
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';

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

/** Lines held before a write to stdout (about 20 access lines), and how long the first of them waits at most. */
const STDOUT_BATCH_BYTES = 4096;
const STDOUT_BATCH_MS = 100;

/**
 * stdout, written asynchronously and in batches: a write for every few lines took a tenth of a small answer's
 * time under load. A line waits at most STDOUT_BATCH_MS; what is still held is written synchronously when the
 * process exits (pino's exit handler on its destination, also on process.exit() and an uncaught exception).
 */
class BatchedStdout implements DestinationStream {
  readonly #destination = pino.destination({ dest: 1, sync: false, minLength: STDOUT_BATCH_BYTES });
  #flush: NodeJS.Timeout | undefined;

  write(line: string): void {
    this.#destination.write(line);
    this.#flush ??= setTimeout(() => {
      this.#flush = undefined;
      this.#destination.flush();
    }, STDOUT_BATCH_MS).unref();
  }
}

/**
 * pino options: request ids, no tokens, passwords or login links in any log line. Without a stream (the
 * server as `npm start` runs it) lines go to stdout asynchronously (BatchedStdout): the request does not wait
 * for the write.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    stream: stream ?? new BatchedStdout(),
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

/** What pino keeps of a logger (`pino.symbols`): its destination and its bindings as a line's JSON. */
interface PinoInternals {
  [pino.symbols.streamSym]: DestinationStream;
  [pino.symbols.chindingsSym]: string;
}

/** A JSON string literal of `text`: what pino writes for a string value. */
const quoted = (text: string) => JSON.stringify(text);

/**
 * One access line per request, when its answer has been written (Fastify's own logging writes two, one when
 * the request arrives and one when it is answered, which took a fifth of a small answer's time): method,
 * path (without its query), status, milliseconds, client address and the request id (`reqId`). The line is
 * the one pino would write for `request.log.info({...}, 'request')`, built here and handed to the logger's
 * destination: through pino it took a tenth of a small answer's time (issue 30 point 13).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const url = pathOnly(request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    // An answer whose stream failed after its headers were sent (the status says nothing then).
    if (error) {
      const line = { method: request.method, url, status: reply.statusCode, ms, ip: request.ip };
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const root = request.server.log as Logger & PinoInternals;
    if (!root.isLevelEnabled('info')) return;
    root[pino.symbols.streamSym].write(
      `{"level":30,"time":${Date.now()}${root[pino.symbols.chindingsSym]},"reqId":${quoted(request.id)},` +
        `"method":${quoted(request.method)},"url":${quoted(url)},"status":${reply.statusCode},"ms":${ms},` +
        `"ip":${quoted(request.ip)},"msg":"request"}\n`,
    );
  }
}

type LogMethod = FastifyBaseLogger['info'];

/**
 * A request's logger (`request.log`): pino's child with the request id, made when something logs. Most
 * requests log nothing but their access line, and making the child for each took a twentieth of a small
 * answer's time.
 */
class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  private get logger(): FastifyBaseLogger {
    this.#logger ??= this.#parent.child(this.#bindings, this.#options);
    return this.#logger;
  }

  get level(): string {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }

  fatal: LogMethod = (...args: Parameters<LogMethod>) => this.logger.fatal(...args);
  error: LogMethod = (...args: Parameters<LogMethod>) => this.logger.error(...args);
  warn: LogMethod = (...args: Parameters<LogMethod>) => this.logger.warn(...args);
  info: LogMethod = (...args: Parameters<LogMethod>) => this.logger.info(...args);
  debug: LogMethod = (...args: Parameters<LogMethod>) => this.logger.debug(...args);
  trace: LogMethod = (...args: Parameters<LogMethod>) => this.logger.trace(...args);
  silent: LogMethod = (...args: Parameters<LogMethod>) => this.logger.silent(...args);

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

export function requestLogOptions(): Pick<
  FastifyServerOptions,
  'genReqId' | 'requestIdHeader' | 'logController' | 'childLoggerFactory'
> {
  return {
    logController: new AccessLog(),
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
