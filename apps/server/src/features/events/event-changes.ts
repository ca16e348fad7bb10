import {
  EVENT_MESSAGES,
  REGISTRATION_MESSAGES,
  type TAppAddresses,
  type TEventChangeScope,
} from '@portal/contract';
import { recordAudit } from '../../platform/audit/audit-log.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { MailOutbox } from '../../platform/mail/mail-outbox.ts';
import { berlinDate } from '../../platform/time/berlin-time.ts';
import { cancelMail, changeLines, changeMail, type MailedEvent, mailsTo } from './event-mails.ts';
import { noticeCancelled, noticeChanged } from './event-notices.ts';
import type { EventRow } from './events.repository.ts';
import { scheduleRepository } from './schedule.repository.ts';
import { seriesRepository } from './series.repository.ts';

/**
 * Changes and cancellations (issue 35 point 4): the mails to those with a place or a waiting place, queued
 * in the transaction of the change, and the cancel route. A deletion mails 'abgesagt' before its rows go.
 */
export function createEventChanges(deps: { outbox: Pick<MailOutbox, 'enqueue'>; addresses: TAppAddresses }) {
  /** those with a place, then those waiting: both are told of a change or a cancellation */
  async function recipientsOf(trx: Executor, eventId: number) {
    const attendees = (await scheduleRepository.attendeesOf(trx, [eventId])).get(eventId) ?? [];
    const waiting = await scheduleRepository.waitingOf(trx, eventId);
    const recipients = [...attendees, ...waiting];
    // the bell tells everyone; a mail needs an address
    const emails = recipients.flatMap((recipient) => (recipient.email ? [recipient.email] : []));
    return { emails, ids: recipients.map((recipient) => recipient.userId) };
  }

  const changes = {
    /** After a save: a mail saying what changed (old → new) when time or place did. Returns how many. */
    async mailChanged(trx: Executor, before: EventRow, after: MailedEvent, now: Date): Promise<number> {
      const lines = changeLines(before, after);
      if (lines.length === 0 || before.cancelledAt !== null) return 0;
      const recipients = await recipientsOf(trx, before.id);
      const mail = changeMail(after, lines, deps.addresses);
      // the same members in the notification centre (issue 37)
      await noticeChanged(trx, recipients.ids, after, lines, now);
      return deps.outbox.enqueue(
        trx,
        mailsTo(recipients.emails, mail, `event:${before.id}:change:${now.toISOString()}`),
        now,
      );
    },

    /** 'abgesagt' to everyone with a place; `stays`: the event stays visible (cancel), not deleted. */
    async mailCancelled(trx: Executor, event: EventRow, stays: boolean, now: Date): Promise<number> {
      if (event.cancelledAt !== null) return 0;
      const recipients = await recipientsOf(trx, event.id);
      const mail = cancelMail(event, stays, deps.addresses);
      await noticeCancelled(trx, recipients.ids, event, stays, now);
      return deps.outbox.enqueue(trx, mailsTo(recipients.emails, mail, `event:${event.id}:cancel`), now);
    },

    /**
     * The events a scoped deletion or cancellation acts on: the event, and with 'following' every later
     * occurrence of its series (by original start), in start order.
     */
    async targetsOf(trx: Executor, event: EventRow, scope: TEventChangeScope): Promise<EventRow[]> {
      if (scope === 'this' || event.seriesId === null || event.recurrenceId === null) return [event];
      return trx
        .selectFrom('events')
        .selectAll()
        .where('seriesId', '=', event.seriesId)
        .where('recurrenceId', '>=', event.recurrenceId)
        .orderBy('startAt')
        .orderBy('id')
        .execute();
    },

    /**
     * POST /api/event/{id}/cancel: marks the event (with 'following' it and every later occurrence not yet
     * cancelled) 'abgesagt' and mails those with a place; 409 when the event is cancelled already.
     */
    async cancel(trx: Executor, principal: Principal, id: number, scope: TEventChangeScope, now: Date) {
      const event = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
      if (!event) throw notFound(EVENT_MESSAGES.notFound);
      if (event.cancelledAt !== null) throw conflict(REGISTRATION_MESSAGES.alreadyCancelled);
      for (const target of await changes.targetsOf(trx, event, scope)) {
        // conditional: of two cancellations at once only one marks it, mails and audits
        const marked = await trx
          .updateTable('events')
          .set((eb) => ({ cancelledAt: now, updatedAt: now, sequence: eb('sequence', '+', 1) }))
          .where('id', '=', target.id)
          .where('cancelledAt', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) {
          if (target.id === event.id) throw conflict(REGISTRATION_MESSAGES.alreadyCancelled);
          continue;
        }
        await changes.mailCancelled(trx, target, true, now);
        await recordAudit(trx, {
          actorId: principal.id,
          kind: 'event.cancel',
          subjectType: 'event',
          subjectId: target.id,
          subjectLabel: target.name,
        });
      }
    },

    /** A deletion with scope 'following' of a series: one entry on the occurrence it started from. */
    async auditSeriesDelete(
      trx: Executor,
      principal: Principal,
      event: EventRow,
      count: number,
    ): Promise<void> {
      if (event.seriesId === null) return;
      await recordAudit(trx, {
        actorId: principal.id,
        kind: 'event.seriesDelete',
        subjectType: 'event',
        subjectId: event.id,
        subjectLabel: event.name,
        changes: { occurrences: { before: count, after: 0 } },
      });
    },

    /**
     * Before a deletion of occurrences: their original starts become the series' exceptions (EXDATE). With
     * 'following' from the series' first occurrence nothing of it is left to describe.
     */
    async noteDeleted(trx: Executor, deleted: readonly EventRow[]): Promise<void> {
      for (const row of deleted) {
        if (row.seriesId !== null && row.recurrenceId !== null)
          await seriesRepository.addExceptions(trx, row.seriesId, [row.recurrenceId]);
      }
    },
  };
  return changes;
}

export type EventChanges = ReturnType<typeof createEventChanges>;

/** The Berlin day before an instant ('YYYY-MM-DD'): a split series' old rule runs until then. */
export function berlinDayBefore(instant: Date): string {
  const [day, month, year] = berlinDate.format(new Date(instant.getTime() - 24 * 60 * 60 * 1000)).split('.');
  return `${year}-${month}-${day}`;
}
