/**
 * The notification centre (issue 37 point 5): the bell in the top bar with what happened for the member.
 * Mails stay as they are (forum replies, circulars, event changes); the centre lists the same events and
 * mentions and reactions besides, for 90 days.
 */
import { z } from 'zod';
// The count is checked by the frame's bell before it shows: zod/mini, tree-shakable (decision 0097).
import * as zm from 'zod/mini';
import { ZConversationPerson } from './conversation.ts';
import { ZId } from './ids.ts';

export const NOTIFICATION_CENTRE_API = {
  /** GET (every logged-in role): `ZNotificationList`, newest first; `?before=<id>` pages on, `limit` ≤ 50. */
  list: '/api/notifications',
  /** GET: `{ unread }` alone, the bell's cheap poll (one a minute per open tab, and on focus). */
  count: '/api/notifications/count',
  /** POST `{ ids }` marks those read; without `ids` (or an empty body) every notification. Answers `{ unread }`. */
  read: '/api/notifications/read',
} as const;

/** How long a notification is kept, read or not. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How often an open tab asks for the count, besides when it gets the focus back. */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * What a notification is about:
 * - `mention`: someone mentioned the member in a forum post;
 * - `reply`: a reply in a thread the member follows;
 * - `reaction`: a reaction to the member's post (one per post and kind, whoever adds the same kind later);
 * - `circular`: a circular the member is asked to confirm;
 * - `eventChange`: an event the member answered or waits for changed its date, time or place;
 * - `eventCancel`: such an event was cancelled or deleted;
 * - `eventMoveUp`: the member moved up from the waiting list and has a place.
 */
export const NOTIFICATION_CENTRE_KINDS = [
  'mention',
  'reply',
  'reaction',
  'circular',
  'eventChange',
  'eventCancel',
  'eventMoveUp',
] as const;
export type TNotificationCentreKind = (typeof NOTIFICATION_CENTRE_KINDS)[number];

export const NOTIFICATION_CENTRE_LABELS = {
  bell: 'Benachrichtigungen',
  /** the bell's accessible name with a count: 'Benachrichtigungen, 3 ungelesen' */
  bellUnread: (count: number) => `Benachrichtigungen, ${count} ungelesen`,
  markAllRead: 'Alle als gelesen markieren',
  empty: 'Keine Benachrichtigungen.',
  more: 'Ältere laden',
  allPage: 'Alle Benachrichtigungen',
} as const;

/**
 * One notification. `text` is the German sentence the server made ('Erika Muster hat Sie in „Glaspreise
 * 2027“ erwähnt.'); `link` the portal path it opens (APP_PATHS); `actor` who caused it (null for the office's
 * circulars and events, or once that member was erased: 'Ehemaliges Mitglied').
 */
const ZNotificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_CENTRE_KINDS),
  createdAt: z.string(),
  read: z.boolean(),
  actor: ZConversationPerson.nullable(),
  text: z.string(),
  link: z.string(),
});
export type TNotificationItem = z.infer<typeof ZNotificationItem>;

/** GET /api/notifications. */
export const ZNotificationList = z.object({
  unread: z.number().int(),
  items: z.array(ZNotificationItem),
  hasMore: z.boolean(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** GET /api/notifications/count and the answer of POST …/read. */
export const ZNotificationCount = zm.object({ unread: zm.int() });
export type TNotificationCount = z.infer<typeof ZNotificationCount>;

export const ZNotificationListQuery = z.object({
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

/** POST /api/notifications/read: the ids to mark; none for all. */
export const ZNotificationReadInput = z.object({ ids: z.array(ZId).max(500).optional() }).default({});
