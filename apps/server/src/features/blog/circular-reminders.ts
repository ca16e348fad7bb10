import type { FastifyBaseLogger } from 'fastify';
import type { JobLease } from '../../platform/jobs/job-lease.ts';
import { createMailQueueingJob, type MailQueueingJob } from '../../platform/jobs/mail-queueing-job.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { ReminderRunResult } from './circulars.service.ts';

export type CircularReminders = MailQueueingJob;

/**
 * Queues the reminder mails of the circulars (decision 0162) every quarter of an hour, on one instance at a
 * time; each mail is claimed per member, version and kind in the transaction that queues it, so neither a
 * second instance nor a restart queues it again.
 */
export function createCircularReminders(deps: {
  run: (now: Date) => Promise<ReminderRunResult>;
  lease: JobLease;
  mailWorker: Pick<MailWorker, 'notify'>;
  log: FastifyBaseLogger;
  holder?: string;
  everyMs?: number;
}): CircularReminders {
  return createMailQueueingJob({
    ...deps,
    name: 'circular reminders',
    leaseName: 'circular-reminders',
    everyMs: deps.everyMs ?? 15 * 60_000,
  });
}
