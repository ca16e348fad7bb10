import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { outsideRequests } from '../db/request-scope.ts';
import type { JobLease } from './job-lease.ts';

/**
 * The one loop of every background job (mail worker, digest scheduler, upload sweeper; decision 0136). buildApp
 * creates a job stopped, so tests drive it with runOnce(); main.ts starts it. Its rules:
 * - one run at a time per instance: a second runOnce() waits for the run in progress and runs after it;
 * - a tick or a wake-up that comes while a run is in progress asks for one more run right after it;
 * - a paused job (throttled) neither ticks nor wakes until the pause ends, then runs;
 * - a leased job runs only while this instance holds its `job_leases` row, released after every run;
 * - stop() is final: it ends the timers, tells the run in progress (`stopping`) and waits for it.
 */

/** What a started job does after a run besides waiting for the next tick. */
export type AfterRun = undefined | 'again' | { pauseMs: number };

/** What a run sees of its job. */
export interface JobRun {
  /** true once stop() was called: a long run ends after the piece in hand */
  readonly stopping: boolean;
  /** between pieces of a long run: false once stopping, or when a leased job could not renew its lease */
  carryOn(): Promise<boolean>;
}

interface JobLeaseSpec<Result> {
  leases: JobLease;
  /** the `job_leases` row */
  name: string;
  /** how long the lease holds without renewal (carryOn() renews it) */
  leaseMs: number;
  /** who holds it, for the operator reading job_leases; default host, process and a random part */
  holder?: string | undefined;
  /** what runOnce() gives when another instance holds the lease: nothing was done */
  whenHeld: Result;
}

export interface PeriodicJobSpec<Result> {
  /** what the log calls a run: '<name> failed' when one throws */
  name: string;
  everyMs: number;
  /** false: the first run comes after `everyMs` (main.ts runs the upload sweep itself before listening) */
  runAtStart?: boolean;
  /** the clock of runOnce()'s default `now` (tests move it) */
  clock?: () => Date;
  log: FastifyBaseLogger;
  lease?: JobLeaseSpec<Result>;
  run(now: Date, job: JobRun): Promise<Result>;
  /** after a run of the started job (not after a runOnce() of a caller's): log it, and say what comes next */
  afterRun?(result: Result): AfterRun;
}

export interface PeriodicJob<Result> {
  start(): void;
  /** stops ticking and waits for the run in progress. */
  stop(): Promise<void>;
  /** runs the job now (after the run in progress, if any), at `now` (default: the clock). */
  runOnce(now?: Date): Promise<Result>;
  /** work came in: a started job runs at once instead of at the next tick, outside the request that woke it. */
  wake(): void;
}

const defaultHolder = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function createPeriodicJob<Result>(spec: PeriodicJobSpec<Result>): PeriodicJob<Result> {
  const { log, lease } = spec;
  const clock = spec.clock ?? (() => new Date());
  const holder = (lease?.holder ?? defaultHolder()).slice(0, 100);
  let timer: NodeJS.Timeout | undefined;
  let pauseTimer: NodeJS.Timeout | undefined;
  let running: Promise<Result> | undefined;
  let again = false;
  let stopping = false;

  const takeLease = () =>
    lease ? lease.leases.take(lease.name, holder, lease.leaseMs) : Promise.resolve(true);
  const job: JobRun = {
    get stopping() {
      return stopping;
    },
    carryOn: async () => !stopping && (await takeLease()),
  };

  async function leasedRun(now: Date): Promise<Result> {
    if (!lease) return spec.run(now, job);
    if (!(await takeLease())) return lease.whenHeld;
    try {
      return await spec.run(now, job);
    } finally {
      await lease.leases
        .release(lease.name, holder)
        .catch((error: unknown) => log.warn({ err: error }, `${lease.name} lease not released`));
    }
  }

  function runOnce(now = clock()): Promise<Result> {
    const previous = running ?? Promise.resolve(undefined);
    const next = previous.then(
      () => leasedRun(now),
      () => leasedRun(now),
    );
    const settled = next.finally(() => {
      if (running === settled) running = undefined;
    });
    running = settled;
    return settled;
  }

  function pause(ms: number): void {
    if (pauseTimer || !timer) return;
    pauseTimer = setTimeout(() => {
      pauseTimer = undefined;
      tick();
    }, ms);
    pauseTimer.unref();
  }

  function afterRun(result: Result): void {
    const next = spec.afterRun?.(result);
    if (typeof next === 'object') {
      again = false;
      pause(next.pauseMs);
    } else if (again || next === 'again') {
      again = false;
      if (timer) setImmediate(tick);
    }
  }

  function tick(): void {
    if (pauseTimer || stopping) return;
    if (running) {
      again = true;
      return;
    }
    runOnce().then(afterRun, (error: unknown) => log.error({ err: error }, `${spec.name} failed`));
  }

  return {
    start() {
      if (timer || stopping) return;
      timer = setInterval(tick, spec.everyMs);
      // A job never keeps the process alive on its own.
      timer.unref();
      if (spec.runAtStart ?? true) setImmediate(tick);
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      if (pauseTimer) clearTimeout(pauseTimer);
      pauseTimer = undefined;
      await running?.catch(() => undefined);
    },
    runOnce,
    wake() {
      // The run is a job, with no part in the waking request's time or its client's leaving.
      if (timer) outsideRequests(() => setImmediate(tick));
    },
  };
}
