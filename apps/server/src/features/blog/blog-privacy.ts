/**
 * What the blog keeps about a member, as privacy (GDPR, issues 18 and 34) exports and erases it. Posts stay
 * with an erased author, shown as 'Ehemaliges Mitglied' (decision 0086). A circular's confirmations stay too,
 * pointing at the renamed row: the office's lists still count them, as 'Ehemaliges Mitglied' without company,
 * never by name (decision 0161). The claims of reminder mails go.
 */
import { circularLabel } from '@portal/contract';
import { isoTime, type PrivacyPart } from '../../platform/registry/privacy-part.ts';

export const blogPrivacy: PrivacyPart = {
  keeps: ['blogPosts', 'blogConfirmations'],
  erases: ['blogCircularReminders'],
  exports: {
    /** Every confirmation of a circular, the oldest first. */
    async circularConfirmations(db, userId) {
      const rows = await db
        .selectFrom('blogConfirmations as c')
        .innerJoin('blogPosts as p', 'p.id', 'c.blogPostId')
        .select(['p.id', 'p.title', 'p.circularNumber', 'p.circularYear', 'c.version', 'c.confirmedAt'])
        .where('c.userId', '=', userId)
        .orderBy('c.confirmedAt')
        .orderBy('p.id')
        .execute();
      return rows.map((row) => ({
        postId: row.id,
        circular:
          row.circularNumber === null || row.circularYear === null
            ? ''
            : circularLabel({ number: row.circularNumber, year: row.circularYear }),
        title: row.title,
        version: row.version,
        confirmedAt: isoTime(row.confirmedAt),
      }));
    },
  },
  async erase(trx, member) {
    await trx.deleteFrom('blogCircularReminders').where('userId', '=', member.id).execute();
    return [];
  },
};
