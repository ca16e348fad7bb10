import type { TAppAddresses } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { JobLease } from '../../platform/jobs/job-lease.ts';
import { createPeriodicJob, type PeriodicJob } from '../../platform/jobs/periodic-job.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { calendarAttachment, mailsTo, reminderMail } from './event-mails.ts';
import type { EventRow } from './events.repository.ts';
import { scheduleRepository } from './schedule.repository.ts';

/** The job_leases row one instance at a time holds while it queues event reminders. */
const EVENT_REMINDERS_JOB = 'event-reminders';

export interface EventReminderRun {
  /** reminder mails queued in this run */
  queued: number;
}

interface EventRemindersJobRun extends EventReminderRun {
  /** false: another instance held the lease, nothing was done */
  leased: boolean;
}

export type EventReminders = Pick<PeriodicJob<EventRemindersJobRun>, 'start' | 'stop' | 'runOnce'>;

/**
 * The reminder run (issue 35 point 3, decision 0165): for every event whose reminder is due, one mail per
 * member with a place whose claim is new, with the event's .ics; the claims and the mails in one
 * transaction per event, so each is queued exactly once across instances and restarts.
 */
export function createReminderRun(deps: {
  db: Kysely<DB>;
  outbox: Pick<MailOutbox, 'enqueue'>;
  addresses: TAppAddresses;
  /** the event's calendar file (ical.ts) */
  icsOf: (event: EventRow) => Promise<string>;
}): (now: Date) => Promise<EventReminderRun> {
  return async (now) => {
    let queued = 0;
    for (const due of await scheduleRepository.dueReminders(deps.db, now)) {
      const ics = await deps.icsOf(due);
      queued += await deps.db.transaction().execute(async (trx) => {
        // read again in the transaction: a cancellation or a move committed meanwhile counts
        const event = await trx.selectFrom('events').selectAll().where('id', '=', due.id).executeTakeFirst();
        if (!event || event.cancelledAt !== null || event.startAt.getTime() !== due.startAt.getTime())
          return 0;
        const attendees = (await scheduleRepository.attendeesOf(trx, [event.id])).get(event.id) ?? [];
        const recipients: string[] = [];
        for (const attendee of attendees) {
          const key = { eventId: event.id, userId: attendee.userId, startAt: event.startAt };
          if (await scheduleRepository.claimReminder(trx, key, now)) recipients.push(attendee.email);
        }
        const mail = reminderMail(event, deps.addresses);
        const attachment = calendarAttachment(event, ics);
        await deps.outbox.enqueue(
          trx,
          mailsTo(recipients, mail, `event:${event.id}:reminder`, [attachment]),
          now,
        );
        return recipients.length;
      });
    }
    return { queued };
  };
}

/**
 * Queues the events' reminder mails every five minutes, on one instance at a time (the lease); the claims
 * make a second instance or a restart harmless. buildApp creates it stopped; main.ts starts it, tests drive
 * it with runOnce(now).
 */
export function createEventReminders(deps: {
  run: (now: Date) => Promise<EventReminderRun>;
  lease: JobLease;
  mailWorker: Pick<MailWorker, 'notify'>;
  log: FastifyBaseLogger;
  holder?: string;
  everyMs?: number;
}): EventReminders {
  const job = createPeriodicJob<EventRemindersJobRun>({
    name: 'event reminders',
    everyMs: deps.everyMs ?? 5 * 60_000,
    log: deps.log,
    lease: {
      leases: deps.lease,
      name: EVENT_REMINDERS_JOB,
      leaseMs: 5 * 60_000,
      holder: deps.holder,
      whenHeld: { leased: false, queued: 0 },
    },
    async run(now) {
      const result = await deps.run(now);
      if (result.queued > 0) {
        deps.mailWorker.notify();
        deps.log.info({ ...result }, 'event reminders queued');
      }
      return { leased: true, ...result };
    },
  });
  return { start: job.start, stop: job.stop, runOnce: job.runOnce };
}
