/** What events keep about a member, as privacy (GDPR, issue 18) exports and erases it: answers, feed tokens. */
import { deletedRows, isoTime, type PrivacyPart } from '../../platform/registry/privacy-part.ts';

export const eventsPrivacy: PrivacyPart = {
  erases: ['eventSubscriptions', 'calendarTokens'],
  exports: {
    /** Every answer to an event, by the event's start. */
    async eventAnswers(db, userId) {
      const rows = await db
        .selectFrom('eventSubscriptions')
        .innerJoin('events', 'events.id', 'eventSubscriptions.eventId')
        .select([
          'events.id as eventId',
          'events.name as event',
          'events.startAt',
          'eventSubscriptions.status',
          'eventSubscriptions.updatedAt',
        ])
        .where('eventSubscriptions.userId', '=', userId)
        .orderBy('events.startAt')
        .orderBy('events.id')
        .execute();
      return rows.map((row) => ({
        eventId: row.eventId,
        event: row.event,
        startAt: isoTime(row.startAt),
        answer: row.status ? 'attend' : 'decline',
        answeredAt: isoTime(row.updatedAt),
      }));
    },
  },
  async erase(trx, member) {
    const answers = deletedRows(
      await trx.deleteFrom('eventSubscriptions').where('userId', '=', member.id).executeTakeFirst(),
    );
    await trx.deleteFrom('calendarTokens').where('userId', '=', member.id).execute();
    return [{ field: 'eventAnswers', count: answers }];
  },
};
