import {
  hasRole,
  isRegistrationOpen,
  type TEvent,
  type TEventSubscription,
  type TRecurrence,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import type { EventRow, EventsRepository, SubscriptionRow } from './events.repository.ts';
import { registrationFieldsOf } from './registration-presenter.ts';

/** One collator for every sort: `localeCompare` with a locale builds one per comparison. */
const byGermanName = new Intl.Collator('de', { sensitivity: 'base' });

const byAnswerThenName = (a: SubscriptionRow, b: SubscriptionRow) =>
  Number(b.status) - Number(a.status) || byGermanName.compare(a.username, b.username) || a.userId - b.userId;

/** Accepted answers first, then declined ones, each by name. */
export function sortedParticipants(rows: readonly SubscriptionRow[]): SubscriptionRow[] {
  return [...rows].sort(byAnswerThenName);
}

function subscription(row: SubscriptionRow): TEventSubscription {
  return {
    user: { username: row.username, email: row.email, company: row.company },
    status: row.status,
    guests: row.guests,
    answeredAt: row.answeredAt.toISOString(),
  };
}

/**
 * Events as the API shows them to `principal`. Members get only their own answer; admins additionally get
 * the counts (kept on the event row), and with `allParticipants` (one event) every participant with e-mail
 * and company. Lists read no other member's answer: only the caller's own, by the caller's id.
 */
export function createEventPresenter(
  repo: EventsRepository,
  signer: UrlSigner,
  db: Kysely<DB>,
  /** the rules of these series (series.repository.ts) */
  rulesOf: (seriesIds: readonly number[]) => Promise<ReadonlyMap<number, TRecurrence>>,
) {
  return async function present(
    rows: readonly EventRow[],
    principal: Principal,
    options: { now: Date; allParticipants?: boolean },
  ): Promise<TEvent[]> {
    const ids = rows.map((row) => row.id);
    const everyone = principal.isAdmin && options.allParticipants === true;
    const byEvent = new Map<number, TEventSubscription[]>();
    const mine = new Map<number, boolean>();
    /** the companions of the caller's places */
    const placeGuests = new Map<number, number>();
    if (everyone) {
      for (const row of sortedParticipants(await repo.subscriptionsOf(ids))) {
        const answers = byEvent.get(row.eventId) ?? [];
        answers.push(subscription(row));
        byEvent.set(row.eventId, answers);
        if (row.userId === principal.id) mine.set(row.eventId, row.status);
        if (row.userId === principal.id && row.status) placeGuests.set(row.eventId, row.guests);
      }
    } else {
      const user = { username: principal.username, email: principal.email, company: principal.company };
      for (const [eventId, answer] of await repo.answersOf(ids, principal.id)) {
        mine.set(eventId, answer.status);
        if (answer.status) placeGuests.set(eventId, answer.guests);
        byEvent.set(eventId, [
          { user, status: answer.status, guests: answer.guests, answeredAt: answer.answeredAt.toISOString() },
        ]);
      }
    }
    const registration = await registrationFieldsOf(db, rows, principal, everyone);
    const seriesIds = [...new Set(rows.flatMap((row) => (row.seriesId === null ? [] : [row.seriesId])))];
    const rules = await rulesOf(seriesIds);
    const mayAttend = hasRole(principal.roles, 'ROLE_USER');
    return rows.map((row) => {
      const deadline = row.registrationDeadline;
      const registrationOpen = isRegistrationOpen(deadline, options.now);
      const { teilnahmeausblenden, external } = row;
      const cancelled = row.cancelledAt !== null;
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        location: row.location,
        start: row.startAt.toISOString(),
        end: row.endAt.toISOString(),
        url: row.url,
        teilnahmeausblenden,
        external,
        registrationDeadline: deadline ? deadline.toISOString() : null,
        image: row.imageKey ? signer.sign(row.imageKey) : null,
        imagePath: row.imageKey ? row.imageName : null,
        eventSubscriptions: byEvent.get(row.id) ?? [],
        mySubscription: mine.get(row.id) ?? null,
        registrationOpen,
        canSubscribe: mayAttend && registrationOpen && !teilnahmeausblenden && !external && !cancelled,
        participantCount: principal.isAdmin ? row.acceptedCount : null,
        declinedCount: principal.isAdmin ? row.declinedCount : null,
        ...registration(row, placeGuests.get(row.id)),
        reminderHours: row.reminderHours,
        cancelled,
        seriesId: row.seriesId,
        recurrence: row.seriesId === null ? null : (rules.get(row.seriesId) ?? null),
      };
    });
  };
}
