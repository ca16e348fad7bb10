/**
 * The notification centre through the API (issue 37 point 5), and what makes notifications in the spec: a
 * member's reaction to a post, an admin's change of an event.
 */
import {
  CONVERSATION_API,
  EVENTS_API,
  NOTIFICATION_CENTRE_API,
  type TNotificationItem,
  type TNotificationList,
  type TReactionKind,
} from '@portal/contract';
import { ApiClient } from './api-client.ts';
import type { TEventFixture } from './events-api.ts';

export class NotificationCentreApi extends ApiClient {
  /** The member's newest notifications (one page). */
  async list(): Promise<TNotificationItem[]> {
    return (await this.get<TNotificationList>(NOTIFICATION_CENTRE_API.list)).items;
  }

  /** Every notification of the member, newest first, page after page. */
  async all(): Promise<TNotificationItem[]> {
    const items: TNotificationItem[] = [];
    for (;;) {
      const before = items.at(-1)?.id;
      const page = await this.get<TNotificationList>(
        before === undefined
          ? NOTIFICATION_CENTRE_API.list
          : `${NOTIFICATION_CENTRE_API.list}?before=${before}`,
      );
      items.push(...page.items);
      if (!page.hasMore) return items;
    }
  }

  async unread(): Promise<number> {
    return (await this.get<{ unread: number }>(NOTIFICATION_CENTRE_API.count)).unread;
  }

  /** The member's newest notification of `kind` (fails the test without one). */
  async newest(kind: TNotificationItem['kind']): Promise<TNotificationItem> {
    const item = (await this.list()).find((notification) => notification.kind === kind);
    if (!item) throw new Error(`Keine Benachrichtigung der Art ${kind}`);
    return item;
  }

  /** Reacts to post `postId` as this member. */
  async react(postId: number, kind: TReactionKind): Promise<void> {
    await this.put(CONVERSATION_API.reaction(postId), { kind, on: true });
  }

  /** Moves event `id`, made from `fixture`, a day later and to Kassel (an admin, as the event form saves it). */
  async moveEvent(id: number, fixture: TEventFixture): Promise<void> {
    const later = (date: Date) => new Date(date.getTime() + 24 * 60 * 60 * 1000).toISOString();
    const event = {
      id,
      name: fixture.name,
      description: fixture.description ?? `<p>Beschreibung von ${fixture.name}</p>`,
      location: 'Kassel',
      start: later(fixture.start),
      end: later(fixture.end),
      url: null,
      registrationDeadline: null,
      external: false,
      teilnahmeausblenden: false,
    };
    await this.postForm(EVENTS_API.save, { event: JSON.stringify(event) });
  }
}
