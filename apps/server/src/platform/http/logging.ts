import { randomUUID } from 'node:crypto';
import { EVENTS_API } from '@portal/contract';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The address of a calendar subscription is its secret (calendar apps send no header). */
const FEED_PREFIX = EVENTS_API.calendarFeed('');
const CALENDAR_FEED = new RegExp(`^${FEED_PREFIX}[^/?]+`);

/** Query strings can carry login tokens, calendar addresses are secrets: logs keep only the rest. */
function pathOnly(url: string): string {
  const index = url.indexOf('?');
  return (index === -1 ? url : `${url.slice(0, index)}?…`).replace(CALENDAR_FEED, `${FEED_PREFIX}…`);
}

/** pino options: request ids, no tokens, passwords or login links in any log line. */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.token',
        '*.refreshToken',
        '*.link',
      ],
      censor: '[redacted]',
    },
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

export function requestIdOptions(): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}
