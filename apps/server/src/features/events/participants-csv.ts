import { PARTICIPANTS_CSV } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import { berlinDateTime } from '../../platform/time/berlin-time.ts';
import { sortedParticipants } from './event-presenter.ts';
import type { EventsRepository } from './events.repository.ts';
import { registrationRepository } from './registration.repository.ts';

/**
 * The participant list's rows (point 6): accepted answers by name, then the waiting list by position
 * ('Warteliste (Platz n)'), then declined answers by name; companions and the answer's time in Berlin.
 */
export async function participantRows(
  executor: Executor,
  repo: EventsRepository,
  eventId: number,
): Promise<string[][]> {
  const answers = sortedParticipants(await repo.subscriptionsOf([eventId]));
  const waiting = await registrationRepository.waitlistsOf(executor, [eventId]);
  const row = (
    user: { username: string; email: string | null; company: string | null },
    status: string,
    guests: number,
    at: Date,
  ) => [
    user.username,
    user.email ?? '',
    user.company ?? '',
    status,
    String(guests),
    berlinDateTime.format(at),
  ];
  return [
    ...answers.filter((a) => a.status).map((a) => row(a, PARTICIPANTS_CSV.accepted, a.guests, a.answeredAt)),
    ...waiting.map((w) => row(w, PARTICIPANTS_CSV.waiting(w.position), w.guests, w.createdAt)),
    ...answers.filter((a) => !a.status).map((a) => row(a, PARTICIPANTS_CSV.declined, 0, a.answeredAt)),
  ];
}
