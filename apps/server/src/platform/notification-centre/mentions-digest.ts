import { hasRole } from '@portal/contract';
import { newsRows, totalCount } from '../db/news-rows.ts';
import type { DigestSection } from '../registry/digest-section.ts';
import { notificationRows, presentNotification } from './notification-centre.ts';

/**
 * The digest's 'Erwähnungen' (issue 37 point 6): the mentions of the member that came in the window, newest
 * first, each as the notification centre words it and opening its post. Mentions come from the forums, which
 * ROLE_USER reads (SPEC §2), so only their digest asks.
 */
export const mentionsDigest: DigestSection = {
  title: 'Erwähnungen',
  counted: { one: 'Erwähnung', many: 'Erwähnungen' },
  reads: (roles) => hasRole(roles, 'ROLE_USER'),
  startRun: (db) =>
    async function mentionsOf({ principal }, window, limit) {
      const rows = await notificationRows(db, principal.id)
        .select(totalCount)
        .where('n.kind', '=', 'mention')
        .where('n.createdAt', '>', window.start)
        .where('n.createdAt', '<=', window.end)
        .orderBy('n.createdAt', 'desc')
        .orderBy('n.id', 'desc')
        .limit(limit)
        .execute();
      return newsRows(rows, (row) => ({
        label: presentNotification(row)?.text ?? row.text,
        path: row.link,
      }));
    },
};
