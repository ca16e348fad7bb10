/**
 * What the notification centre keeps about a member, as privacy (GDPR, issue 18) exports and erases it
 * (issue 37 point 6): the notifications they received go; those they caused stay with the other members,
 * without them (actor null: 'Ehemaliges Mitglied').
 */
import { deletedRows, isoTime, type PrivacyPart } from '../registry/privacy-part.ts';
import { ACTOR_KINDS } from './notices.ts';
import { isCentreKind, notificationRows } from './notification-centre.ts';

/** Who did it, as the export says: a member's export holds nothing of another member (not their name). */
const SOMEONE = 'Ein Mitglied';

export const notificationCentrePrivacy: PrivacyPart = {
  erases: ['notifications'],
  exports: {
    /**
     * Every notification the member has, newest first, with its sentence; whoever caused it is 'Ein Mitglied'
     * there, as the export holds nothing of another member.
     */
    async notifications(db, userId) {
      const rows = await notificationRows(db, userId)
        .orderBy('n.createdAt', 'desc')
        .orderBy('n.id', 'desc')
        .execute();
      return rows.flatMap((row) =>
        isCentreKind(row.kind)
          ? [
              {
                kind: row.kind,
                createdAt: isoTime(row.createdAt),
                read: row.readAt !== null,
                text: ACTOR_KINDS.has(row.kind) ? `${SOMEONE} ${row.text}` : row.text,
                link: row.link,
              },
            ]
          : [],
      );
    },
  },
  async erase(trx, member) {
    const received = await trx
      .deleteFrom('notifications')
      .where('recipientId', '=', member.id)
      .executeTakeFirst();
    await trx.updateTable('notifications').set({ actorId: null }).where('actorId', '=', member.id).execute();
    return [{ field: 'notifications', count: deletedRows(received) }];
  },
};
