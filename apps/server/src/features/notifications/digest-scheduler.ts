import type { FastifyBaseLogger } from 'fastify';
import type { JobLease } from '../../platform/jobs/job-lease.ts';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { DigestRunner, DigestRunResult } from './digest.ts';

export interface DigestSchedulerOptions {
  /** how often a started scheduler looks for due digests */
  tickMs: number;
  /** how long the 'digest' lease holds without renewal (renewed after every batch) */
  leaseMs: number;
  /** members per batch; each member has a transaction of their own */
  batchSize: number;
}

const DEFAULT_DIGEST_SCHEDULER_OPTIONS: DigestSchedulerOptions = {
  tickMs: 60_000,
  leaseMs: 5 * 60_000,
  batchSize: 200,
};

/** The job_leases row that one instance at a time holds while it sends digests (server or CLI). */
export const DIGEST_JOB = 'digest';

export interface DigestSchedulerRun extends DigestRunResult {
  /** false: another instance held the lease, nothing was done */
  leased: boolean;
}

/**
 * Sends due digests every minute on one instance at a time. buildApp creates it stopped, so tests drive it
 * with runOnce(now); main.ts starts it next to the mail worker.
 */
export interface DigestScheduler {
  start(): void;
  /** stops ticking and waits for the run in progress. */
  stop(): Promise<void>;
  /** takes the lease and sends the digests due at `now` (default: the clock); one run at a time per instance. */
  runOnce(now?: Date): Promise<DigestSchedulerRun>;
}

export interface DigestSchedulerDeps {
  runner: DigestRunner;
  lease: JobLease;
  mailWorker: Pick<MailWorker, 'notify'>;
  log: FastifyBaseLogger;
  /** who holds the lease, for the operator reading job_leases; default host, process and a random part */
  holder?: string;
  options?: Partial<DigestSchedulerOptions> | undefined;
}

const NOTHING: DigestRunResult = { due: 0, queued: 0, empty: 0, skipped: 0, failed: 0 };

export function createDigestScheduler(deps: DigestSchedulerDeps): DigestScheduler {
  const options = { ...DEFAULT_DIGEST_SCHEDULER_OPTIONS, ...deps.options };
  const job = createPeriodicJob<DigestSchedulerRun>({
    name: 'digest run',
    everyMs: options.tickMs,
    log: deps.log,
    lease: {
      leases: deps.lease,
      name: DIGEST_JOB,
      leaseMs: options.leaseMs,
      holder: deps.holder,
      whenHeld: { leased: false, ...NOTHING },
    },
    async run(now, current) {
      const result = await deps.runner.run(now, {
        batchSize: options.batchSize,
        afterBatch: async (sofar) => {
          if (sofar.queued > 0) deps.mailWorker.notify();
          return current.carryOn();
        },
      });
      if (result.queued > 0) deps.mailWorker.notify();
      if (result.due > 0) deps.log.info({ ...result }, 'digest run');
      return { leased: true, ...result };
    },
  });
  return { start: job.start, stop: job.stop, runOnce: job.runOnce };
}
