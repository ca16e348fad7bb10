/**
 * The events' notifications (issue 37 point 5): the same members the issue-35 mails go to, told in the
 * notification centre too, in the transaction of the change, each opening the event (a deleted event: the list).
 */
import { APP_PATHS } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { notify } from '../../platform/notification-centre/notices.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';
import type { MailedEvent } from './event-mails.ts';

const on = (event: Pick<MailedEvent, 'startAt'>) => `am ${berlinDateTime.format(event.startAt)} Uhr`;

/** An admin changed time or place: what changed, old → new (event-mails.ts changeLines). */
export function noticeChanged(
  trx: Executor,
  userIds: readonly number[],
  after: MailedEvent,
  lines: readonly string[],
  now: Date,
) {
  return notify(
    trx,
    userIds.map((recipientId) => ({
      recipientId,
      kind: 'eventChange',
      actorId: null,
      text: `„${after.name}“ wurde geändert. ${lines.join('; ')}`,
      link: APP_PATHS.event(after.id),
      key: `event:${after.id}:change:${now.toISOString()}`,
      at: now,
    })),
  );
}

/** The event was cancelled (`stays`: it is still shown, 'Abgesagt') or deleted. */
export function noticeCancelled(
  trx: Executor,
  userIds: readonly number[],
  event: MailedEvent,
  stays: boolean,
  now: Date,
) {
  return notify(
    trx,
    userIds.map((recipientId) => ({
      recipientId,
      kind: 'eventCancel',
      actorId: null,
      text: `„${event.name}“ ${on(event)} wurde abgesagt.`,
      link: stays ? APP_PATHS.event(event.id) : APP_PATHS.events,
      key: `event:${event.id}:cancel`,
      at: now,
    })),
  );
}

/** The member moved up from the waiting list and has a place. */
export function noticeMovedUp(
  trx: Executor,
  userId: number,
  event: Pick<MailedEvent, 'id' | 'name' | 'startAt'>,
  now: Date,
) {
  return notify(trx, [
    {
      recipientId: userId,
      kind: 'eventMoveUp',
      actorId: null,
      text: `Sie sind von der Warteliste nachgerückt und für „${event.name}“ ${on(event)} angemeldet.`,
      link: APP_PATHS.event(event.id),
      key: `event:${event.id}:moveUp:${now.toISOString()}`,
      at: now,
    },
  ]);
}
