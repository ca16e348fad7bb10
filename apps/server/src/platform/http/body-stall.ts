import type { IncomingMessage } from 'node:http';
import { MESSAGES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseOnSocket } from './errors.ts';

/**
 * When a request body counts as stalled: fewer than `minBytes` arrived within `windowMs` while it was not
 * complete. A client that sends nothing, or a byte every few seconds, holds a connection, a request and its
 * temp files for as long as it likes otherwise (Fastify sets no request timeout); a whole-request deadline
 * would end slow but honest uploads (20 MB over a weak line).
 */
export interface BodyStallOptions {
  windowMs: number;
  minBytes: number;
}

/** 16 KiB in 30 s, about half a kilobyte a second: far below any line that still works. */
const BODY_STALL: BodyStallOptions = { windowMs: 30_000, minBytes: 16 * 1024 };

function hasBody(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Ends requests whose body stalls (issue 30 point 3): answered 408 in German if no answer has begun, and the
 * connection closed. Progress is what the connection received, counted whether or not anything reads it yet;
 * a window in which the body waits for us (its buffer is full: a slow disk, a busy handler) does not count.
 * What the request was doing fails as a cut-off body does: its temp files are removed, nothing is stored.
 */
export function endStalledBodies(app: FastifyInstance, options: BodyStallOptions = BODY_STALL): void {
  // A callback hook, not an async one: it runs on every request, and most have no body.
  app.addHook('onRequest', (request, _reply, done) => {
    if (hasBody(request.raw)) watch(request, options);
    done();
  });
}

function watch(request: FastifyRequest, { windowMs, minBytes }: BodyStallOptions): void {
  const { raw } = request;
  const { socket } = raw;
  let received = socket.bytesRead;
  const timer = setInterval(() => {
    if (raw.complete || socket.destroyed) {
      clearInterval(timer);
      return;
    }
    const now = socket.bytesRead;
    const waitingForUs = raw.readableLength >= raw.readableHighWaterMark;
    if (now - received < minBytes && !waitingForUs) {
      clearInterval(timer);
      request.log.info(
        { receivedBytes: now - received, windowMs },
        'request body stalled; connection closed',
      );
      refuseOnSocket(socket, 408, MESSAGES.requestTimeout);
      return;
    }
    received = now;
  }, windowMs);
  timer.unref();
  // Read to its end (parsed, or discarded after an early answer) or gone: the request is let go at once.
  const stop = () => clearInterval(timer);
  raw.once('end', stop);
  raw.once('close', stop);
}
