import type { TAppAddresses } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { JobLease } from '../../platform/jobs/job-lease.ts';
import {
  createMailQueueingJob,
  type MailQueueingJob,
  type QueuedMails,
} from '../../platform/jobs/mail-queueing-job.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { calendarAttachment, mailsTo, reminderMail } from './event-mails.ts';
import type { EventRow } from './events.repository.ts';
import { scheduleRepository } from './schedule.repository.ts';

type EventReminderRun = QueuedMails;

export type EventReminders = MailQueueingJob;

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
          if (!attendee.email) continue;
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
 * make a second instance or a restart harmless.
 */
export function createEventReminders(deps: {
  run: (now: Date) => Promise<EventReminderRun>;
  lease: JobLease;
  mailWorker: Pick<MailWorker, 'notify'>;
  log: FastifyBaseLogger;
  holder?: string;
  everyMs?: number;
}): EventReminders {
  return createMailQueueingJob({
    ...deps,
    name: 'event reminders',
    leaseName: 'event-reminders',
    everyMs: deps.everyMs ?? 5 * 60_000,
  });
}
