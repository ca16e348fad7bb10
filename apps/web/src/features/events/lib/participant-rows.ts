import type { TEvent } from '@portal/contract';

/** One row of the participant list (issue 35 point 6): an answer or a waiting place. */
export interface ParticipantRow {
  username: string;
  email: string | null;
  company: string | null;
  status: 'accepted' | 'waiting' | 'declined';
  /** the waiting place, null for answers */
  position: number | null;
  guests: number;
  answeredAt: string;
}

type ListedEvent = Pick<TEvent, 'eventSubscriptions' | 'waitlist'>;

/** Accepted first, then the waiting list by position, then declined, as the CSV lists them. */
export function participantRows(event: ListedEvent): ParticipantRow[] {
  const answers = (status: boolean) =>
    event.eventSubscriptions
      .filter((answer) => answer.status === status)
      .map(
        ({ user, guests, answeredAt }): ParticipantRow => ({
          ...user,
          status: status ? 'accepted' : 'declined',
          position: null,
          guests: status ? guests : 0,
          answeredAt,
        }),
      );
  const waiting = [...event.waitlist]
    .sort((a, b) => a.position - b.position)
    .map(
      ({ user, position, guests, answeredAt }): ParticipantRow => ({
        ...user,
        status: 'waiting',
        position,
        guests,
        answeredAt,
      }),
    );
  return [...answers(true), ...waiting, ...answers(false)];
}

type CountedEvent = Pick<TEvent, 'maxParticipants' | 'participantCount' | 'guestCount' | 'waitingCount'>;

/** The places taken (members and their companions) and the waiting places. */
export function participantCounts(event: CountedEvent): {
  taken: number;
  capacity: number | null;
  waiting: number;
} {
  return {
    taken: (event.participantCount ?? 0) + (event.guestCount ?? 0),
    capacity: event.maxParticipants,
    waiting: event.waitingCount ?? 0,
  };
}
