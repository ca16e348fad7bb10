import { NOTIFICATION_RETENTION_DAYS } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { JobLease } from '../jobs/job-lease.ts';
import { createPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows per delete: a large backlog goes in short statements, none holding the table for long. */
const BATCH = 5_000;

interface RetentionRun {
  /** false: another instance held the lease, nothing was done */
  leased: boolean;
  deleted: number;
}

export type NotificationRetention = Pick<PeriodicJob<RetentionRun>, 'start' | 'stop' | 'runOnce'>;

/**
 * Removes notifications older than NOTIFICATION_RETENTION_DAYS (read or not) every hour, on one instance at a
 * time (lease `notification-retention`). buildApp creates it stopped; main.ts starts it, tests drive it with
 * runOnce(now).
 */
export function createNotificationRetention(deps: {
  db: Kysely<DB>;
  lease: JobLease;
  log: FastifyBaseLogger;
  holder?: string;
  everyMs?: number;
}): NotificationRetention {
  const { db } = deps;
  const job = createPeriodicJob<RetentionRun>({
    name: 'notification retention',
    everyMs: deps.everyMs ?? 60 * 60_000,
    log: deps.log,
    lease: {
      leases: deps.lease,
      name: 'notification-retention',
      leaseMs: 5 * 60_000,
      holder: deps.holder,
      whenHeld: { leased: false, deleted: 0 },
    },
    async run(now, run) {
      const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
      let deleted = 0;
      for (;;) {
        const result = await db
          .deleteFrom('notifications')
          .where('id', 'in', (eb) =>
            eb.selectFrom('notifications').select('id').where('createdAt', '<', before).limit(BATCH),
          )
          .executeTakeFirst();
        const count = Number(result.numDeletedRows);
        deleted += count;
        if (count < BATCH || !(await run.carryOn())) break;
      }
      if (deleted > 0) deps.log.info({ deleted }, 'old notifications removed');
      return { leased: true, deleted };
    },
  });
  return { start: job.start, stop: job.stop, runOnce: job.runOnce };
}
