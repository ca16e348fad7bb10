import { hasRole, isRegistrationOpen, type TEvent, type TEventSubscription } from '@portal/contract';
import type { Principal } from '../../platform/auth/principal.ts';
import { toDate } from '../../platform/db/schema.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { EventRow, EventsRepository, SubscriptionRow } from './events.repository.ts';

const byAnswerThenName = (a: SubscriptionRow, b: SubscriptionRow) =>
  Number(Boolean(b.status)) - Number(Boolean(a.status)) ||
  a.username.localeCompare(b.username, 'de', { sensitivity: 'base' }) ||
  a.userId - b.userId;

/** Accepted answers first, then declined ones, each by name. */
export function sortedParticipants(rows: readonly SubscriptionRow[]): SubscriptionRow[] {
  return [...rows].sort(byAnswerThenName);
}

function subscription(row: SubscriptionRow): TEventSubscription {
  return {
    user: { username: row.username, email: row.email, company: row.company },
    status: Boolean(row.status),
  };
}

/**
 * Events as the API shows them to `principal`. Members get only their own answer; admins additionally get
 * the counts, and with `allParticipants` (one event) every participant with e-mail and company.
 */
export function createEventPresenter(repo: EventsRepository, signer: UrlSigner) {
  return async function present(
    rows: readonly EventRow[],
    principal: Principal,
    options: { now: Date; allParticipants?: boolean },
  ): Promise<TEvent[]> {
    const ids = rows.map((row) => row.id);
    const everyone = principal.isAdmin && options.allParticipants === true;
    const [subscriptions, counts] = await Promise.all([
      repo.subscriptionsOf(ids, everyone ? undefined : principal.id),
      principal.isAdmin ? repo.countsOf(ids) : undefined,
    ]);
    const byEvent = new Map<number, SubscriptionRow[]>();
    for (const row of sortedParticipants(subscriptions)) {
      byEvent.set(row.eventId, [...(byEvent.get(row.eventId) ?? []), row]);
    }
    const mayAttend = hasRole(principal.roles, 'ROLE_USER');
    return rows.map((row) => {
      const answers = byEvent.get(row.id) ?? [];
      const mine = answers.find((answer) => answer.userId === principal.id);
      const deadline = row.registrationDeadline ? toDate(row.registrationDeadline) : null;
      const registrationOpen = isRegistrationOpen(deadline, options.now);
      const teilnahmeausblenden = Boolean(row.teilnahmeausblenden);
      const external = Boolean(row.external);
      const count = counts?.get(row.id) ?? { accepted: 0, declined: 0 };
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        location: row.location,
        start: toDate(row.startAt).toISOString(),
        end: toDate(row.endAt).toISOString(),
        url: row.url,
        teilnahmeausblenden,
        external,
        registrationDeadline: deadline ? deadline.toISOString() : null,
        image: row.imageKey ? signer.sign(row.imageKey) : null,
        imagePath: row.imageKey ? row.imageName : null,
        eventSubscriptions: answers.map(subscription),
        mySubscription: mine ? Boolean(mine.status) : null,
        registrationOpen,
        canSubscribe: mayAttend && registrationOpen && !teilnahmeausblenden && !external,
        participantCount: counts ? count.accepted : null,
        declinedCount: counts ? count.declined : null,
      };
    });
  };
}
