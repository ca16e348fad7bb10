import {
  NOTIFICATION_CENTRE_API,
  type TNotificationCentreKind,
  type TNotificationCount,
  type TNotificationItem,
  type TNotificationList,
} from '@portal/contract';
import { notify } from '../../src/platform/notification-centre/notices.ts';
import { userId } from '../helpers/factories.ts';
import type { Headers, World } from '../helpers/world.ts';

/** GET /api/notifications with a query such as 'limit=5&before=12'. */
export function getList(w: World<never>, headers: Headers, query = '') {
  return w.t.app.inject({ url: `${NOTIFICATION_CENTRE_API.list}${query ? `?${query}` : ''}`, headers });
}

export async function listOf(w: World<never>, headers: Headers, query = ''): Promise<TNotificationList> {
  const response = await getList(w, headers, query);
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  return response.json<TNotificationList>();
}

/** Every notification of the member as the list shows them (all pages). */
export async function itemsOf(w: World<never>, headers: Headers): Promise<TNotificationItem[]> {
  return (await listOf(w, headers, 'limit=50')).items;
}

export async function countOf(w: World<never>, headers: Headers): Promise<number> {
  const response = await w.t.app.inject({ url: NOTIFICATION_CENTRE_API.count, headers });
  if (response.statusCode !== 200) throw new Error(`count: ${response.statusCode} ${response.body}`);
  return response.json<TNotificationCount>().unread;
}

/** POST /api/notifications/read; `body` undefined sends none. */
export function markRead(w: World<never>, headers: Headers, body?: unknown) {
  return w.t.app.inject({
    method: 'POST',
    url: NOTIFICATION_CENTRE_API.read,
    headers,
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** Writes a notification for `username` as a producer does, in a transaction of its own. */
export async function addNotice(
  w: World<never>,
  username: string,
  overrides: {
    kind?: TNotificationCentreKind;
    actor?: string | null;
    text?: string;
    link?: string;
    key?: string;
    at?: Date;
  } = {},
): Promise<void> {
  const recipientId = await userId(w, username);
  const actorId = overrides.actor ? await userId(w, overrides.actor) : null;
  await w.t.database.db.transaction().execute((trx) =>
    notify(trx, [
      {
        recipientId,
        kind: overrides.kind ?? 'circular',
        actorId,
        text: overrides.text ?? 'Bitte bestätigen Sie das Rundschreiben.',
        link: overrides.link ?? '/blog/1',
        key: overrides.key ?? `test:${Math.random()}`,
        at: overrides.at ?? new Date(),
      },
    ]),
  );
}

/** The notification rows of the member straight from the table, oldest first. */
export async function storedNotices(w: World<never>, username: string) {
  return w.t.database.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipientId', '=', await userId(w, username))
    .orderBy('id')
    .execute();
}
