import type { FastifyBaseLogger } from 'fastify';
import type { JobLease } from '../../platform/jobs/job-lease.ts';
import { createPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic-job.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { ReminderRunResult } from './circulars.service.ts';

/** The job_leases row one instance at a time holds while it queues circular reminders. */
const CIRCULAR_REMINDERS_JOB = 'circular-reminders';

interface CircularRemindersRun extends ReminderRunResult {
  /** false: another instance held the lease, nothing was done */
  leased: boolean;
}

export type CircularReminders = Pick<PeriodicJob<CircularRemindersRun>, 'start' | 'stop' | 'runOnce'>;

/**
 * Queues the reminder mails of the circulars (decision 0162) every quarter of an hour, on one instance at a
 * time; each mail is claimed per member, version and kind in the transaction that queues it, so neither a
 * second instance nor a restart queues it again. buildApp creates it stopped; main.ts starts it, tests drive
 * it with runOnce(now).
 */
export function createCircularReminders(deps: {
  run: (now: Date) => Promise<ReminderRunResult>;
  lease: JobLease;
  mailWorker: Pick<MailWorker, 'notify'>;
  log: FastifyBaseLogger;
  holder?: string;
  everyMs?: number;
}): CircularReminders {
  const job = createPeriodicJob<CircularRemindersRun>({
    name: 'circular reminders',
    everyMs: deps.everyMs ?? 15 * 60_000,
    log: deps.log,
    lease: {
      leases: deps.lease,
      name: CIRCULAR_REMINDERS_JOB,
      leaseMs: 5 * 60_000,
      holder: deps.holder,
      whenHeld: { leased: false, queued: 0 },
    },
    async run(now) {
      const result = await deps.run(now);
      if (result.queued > 0) {
        deps.mailWorker.notify();
        deps.log.info({ ...result }, 'circular reminders queued');
      }
      return { leased: true, ...result };
    },
  });
  return { start: job.start, stop: job.stop, runOnce: job.runOnce };
}
