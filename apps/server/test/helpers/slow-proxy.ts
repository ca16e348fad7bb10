/**
 * A slow network path to PostgreSQL for fault-injection tests: a TCP proxy on a free loopback port that holds
 * every chunk it passes for `delayMs`, in both directions and in order. A side that ends or breaks is ended on
 * the other side after the chunks it sent before, as a real network delivers a FIN after the data.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface SlowProxy {
  /** `url` with the proxy's host and port instead of the database's */
  via(url: string): string;
  /** from now on, each chunk is held this long (0: passed on at once) */
  setDelay(ms: number): void;
  /** chunks held at this moment, both directions together */
  held(): number;
  close(): Promise<void>;
}

interface Held {
  at: number;
  chunk: Buffer | null;
}

/** Passes `from`'s data to `to` after the delay, in order; null in the queue stands for the end. */
function slowPipe(from: Socket, to: Socket, delay: () => number, count: { held: number }): void {
  const queue: Held[] = [];
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const pump = () => {
    timer = undefined;
    const now = Date.now();
    for (let next = queue[0]; next && next.at <= now; next = queue[0]) {
      queue.shift();
      count.held -= 1;
      if (next.chunk) to.write(next.chunk);
      else to.end();
    }
    const first = queue[0];
    if (first) timer = setTimeout(pump, first.at - now);
  };
  const hold = (chunk: Buffer | null) => {
    // Never before the chunk ahead of it, also when the delay was shortened meanwhile.
    const at = Math.max(Date.now() + delay(), queue.at(-1)?.at ?? 0);
    queue.push({ at, chunk });
    count.held += 1;
    if (!timer) timer = setTimeout(pump, at - Date.now());
  };
  from.on('data', (chunk: Buffer) => hold(chunk));
  const end = () => {
    if (ended) return;
    ended = true;
    hold(null);
  };
  from.on('end', end);
  from.on('close', end);
  from.on('error', () => undefined);
}

export async function startSlowProxy(target: { host: string; port: number }): Promise<SlowProxy> {
  let delayMs = 0;
  const count = { held: 0 };
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true });
    track(client);
    track(upstream);
    slowPipe(client, upstream, () => delayMs, count);
    slowPipe(upstream, client, () => delayMs, count);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    setDelay(ms) {
      delayMs = ms;
    },
    held: () => count.held,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
