/**
 * What events keep about a member, as privacy (GDPR, issue 18) exports and erases it: answers (with
 * companions), waiting places (with position), feed tokens, and the claims of reminder mails sent to them.
 */
import { isoTime, type PrivacyPart } from '../../platform/registry/privacy-part.ts';
import { createRegistration } from './registration.service.ts';

export const eventsPrivacy: PrivacyPart = {
  erases: ['eventSubscriptions', 'eventWaitlist', 'calendarTokens', 'eventReminders'],
  exports: {
    /** Every answer to an event and every waiting place, by the event's start. */
    async eventAnswers(db, userId) {
      const answers = await db
        .selectFrom('eventSubscriptions')
        .innerJoin('events', 'events.id', 'eventSubscriptions.eventId')
        .select([
          'events.id as eventId',
          'events.name as event',
          'events.startAt',
          'eventSubscriptions.status',
          'eventSubscriptions.guests',
          'eventSubscriptions.updatedAt',
        ])
        .where('eventSubscriptions.userId', '=', userId)
        .execute();
      const waiting = await db
        .selectFrom('eventWaitlist as mine')
        .innerJoin('events', 'events.id', 'mine.eventId')
        .select((eb) => [
          'events.id as eventId',
          'events.name as event',
          'events.startAt',
          'mine.guests',
          'mine.createdAt',
          eb
            .selectFrom('eventWaitlist as ahead')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('ahead.eventId', '=', 'mine.eventId')
            .whereRef('ahead.id', '<=', 'mine.id')
            .as('position'),
        ])
        .where('mine.userId', '=', userId)
        .execute();
      const rows = [
        ...answers.map((row) => ({
          eventId: row.eventId,
          event: row.event,
          startAt: row.startAt,
          answer: row.status ? ('attend' as const) : ('decline' as const),
          guests: row.guests,
          waitlistPosition: null,
          answeredAt: row.updatedAt,
        })),
        ...waiting.map((row) => ({
          eventId: row.eventId,
          event: row.event,
          startAt: row.startAt,
          answer: 'waiting' as const,
          guests: row.guests,
          waitlistPosition: Number(row.position),
          answeredAt: row.createdAt,
        })),
      ].sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.eventId - b.eventId);
      return rows.map((row) => ({
        ...row,
        startAt: isoTime(row.startAt),
        answeredAt: isoTime(row.answeredAt),
      }));
    },
  },
  async erase(trx, member, context) {
    const registration = createRegistration(context);
    const { answers, waiting } = await registration.erase(trx, member.id, context.at);
    await trx.deleteFrom('calendarTokens').where('userId', '=', member.id).execute();
    // which events a member was reminded of says they attended: it goes with them
    await trx.deleteFrom('eventReminders').where('userId', '=', member.id).execute();
    return [{ field: 'eventAnswers', count: answers + waiting }];
  },
};
