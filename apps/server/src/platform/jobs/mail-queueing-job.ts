import type { FastifyBaseLogger } from 'fastify';
import type { MailWorker } from '../mail/mail-worker.ts';
import type { JobLease } from './job-lease.ts';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.ts';

/** What a run of a mail-queueing job reports: the mails it put in the outbox. */
export interface QueuedMails {
  queued: number;
}

/** A run's report, and whether this instance held the lease (false: another did, nothing was done). */
type LeasedRun = QueuedMails & { leased: boolean };

export type MailQueueingJob = Pick<PeriodicJob<LeasedRun>, 'start' | 'stop' | 'runOnce'>;

/**
 * A periodic job that queues mails on one instance at a time (its `job_leases` row) and wakes the mail worker
 * when it queued any: the reminders of circulars and of events. What makes a mail go out once is the run's own
 * claim per recipient, in the transaction that queues it; the lease only spares the other instances the work.
 * buildApp creates it stopped; main.ts starts it, tests drive it with runOnce(now).
 */
export function createMailQueueingJob(spec: {
  /** what the log calls it: '<name> queued', '<name> failed' */
  name: string;
  /** its `job_leases` row */
  leaseName: string;
  everyMs: number;
  run: (now: Date) => Promise<QueuedMails>;
  lease: JobLease;
  mailWorker: Pick<MailWorker, 'notify'>;
  log: FastifyBaseLogger;
  holder?: string | undefined;
}): MailQueueingJob {
  const job = createPeriodicJob<LeasedRun>({
    name: spec.name,
    everyMs: spec.everyMs,
    log: spec.log,
    lease: {
      leases: spec.lease,
      name: spec.leaseName,
      leaseMs: 5 * 60_000,
      holder: spec.holder,
      whenHeld: { leased: false, queued: 0 },
    },
    async run(now) {
      const result = await spec.run(now);
      if (result.queued > 0) {
        spec.mailWorker.notify();
        spec.log.info({ ...result }, `${spec.name} queued`);
      }
      return { leased: true, ...result };
    },
  });
  return { start: job.start, stop: job.stop, runOnce: job.runOnce };
}
