/**
 * Bounds the password checks running at once. scrypt at the production cost takes 128 MB and a core for a
 * few hundred milliseconds on libuv's thread pool (4 threads, shared with file reads), so an unbounded burst
 * of attempts would starve static files, health checks and token requests. A task beyond the queue's size is
 * refused before it starts, so a refusal costs nothing.
 */
import { availableParallelism } from 'node:os';

export class PasswordQueueFullError extends Error {
  /** when the queue will likely have room again, for a Retry-After header */
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('too many password checks at once');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface PasswordQueueOptions {
  /** checks running at once; each occupies one thread of libuv's pool and one core */
  concurrency: number;
  /** checks waiting for a place; beyond that they are refused */
  maxWaiting: number;
}

export interface PasswordQueue {
  /** Runs the task once a place is free; rejects with PasswordQueueFullError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * One core stays free for the event loop (on 2 cores one check at a time: the bench measured health at a quarter
 * of the latency of two at a time, for the same number of checks a minute, since scrypt saturates the cores
 * either way), and at most two checks leave two of libuv's four threads for file reads and WebCrypto (JWT
 * signing). Eight waiting ones are a few seconds of work at cost 17.
 */
export const DEFAULT_PASSWORD_QUEUE: PasswordQueueOptions = {
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxWaiting: 8,
};

/** A first guess of a check's duration until one has been measured (cost 17 on a small server). */
const INITIAL_TASK_MS = 300;

export function createPasswordQueue(options: PasswordQueueOptions = DEFAULT_PASSWORD_QUEUE): PasswordQueue {
  const waiting: (() => void)[] = [];
  let running = 0;
  let averageTaskMs = INITIAL_TASK_MS;

  function retryAfterSeconds(): number {
    const rounds = (running + waiting.length) / options.concurrency;
    return Math.max(1, Math.ceil((rounds * averageTaskMs) / 1000));
  }

  async function runNow<T>(task: () => Promise<T>): Promise<T> {
    running += 1;
    const startedAt = performance.now();
    try {
      return await task();
    } finally {
      // A moving average, so that Retry-After follows the machine's actual speed.
      averageTaskMs = 0.8 * averageTaskMs + 0.2 * (performance.now() - startedAt);
      running -= 1;
      waiting.shift()?.();
    }
  }

  return {
    run(task) {
      if (running < options.concurrency) return runNow(task);
      if (waiting.length >= options.maxWaiting) {
        return Promise.reject(new PasswordQueueFullError(retryAfterSeconds()));
      }
      return new Promise((resolve, reject) => {
        waiting.push(() => {
          runNow(task).then(resolve, reject);
        });
      });
    },
  };
}
