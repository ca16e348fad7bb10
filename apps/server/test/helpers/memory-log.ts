import { Writable } from 'node:stream';
import pino from 'pino';

/** A pino logger whose lines (JSON, one each) are kept in `lines`: for code that is given a logger of its own. */
export function memoryLog(): { log: pino.Logger; lines: string[] } {
  const lines: string[] = [];
  const log = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  return { log, lines };
}
