import type { TEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { participantCounts, participantRows } from './participant-rows';

const user = (username: string, company: string | null = null) => ({
  username,
  email: `${username}@example.org`,
  company,
});
const at = '2026-09-01T10:00:00.000Z';

describe('the participant list (issue 35 point 6)', () => {
  const event: Pick<TEvent, 'eventSubscriptions' | 'waitlist'> = {
    eventSubscriptions: [
      { user: user('nein', 'Beta'), status: false, guests: 0, answeredAt: at },
      { user: user('ja', 'Alpha'), status: true, guests: 1, answeredAt: at },
    ],
    waitlist: [
      { user: user('zweite'), position: 2, guests: 0, answeredAt: at },
      { user: user('erste'), position: 1, guests: 1, answeredAt: at },
    ],
  };

  it('lists accepted, then the waiting list in order, then declined', () => {
    const rows = participantRows(event);
    expect(rows.map((row) => [row.username, row.status, row.position, row.guests])).toEqual([
      ['ja', 'accepted', null, 1],
      ['erste', 'waiting', 1, 1],
      ['zweite', 'waiting', 2, 0],
      ['nein', 'declined', null, 0],
    ]);
    expect(rows[0]?.company).toBe('Alpha');
  });

  it('counts companions as taken places', () => {
    expect(
      participantCounts({ maxParticipants: 20, participantCount: 10, guestCount: 2, waitingCount: 3 }),
    ).toEqual({ taken: 12, capacity: 20, waiting: 3 });
    expect(
      participantCounts({
        maxParticipants: null,
        participantCount: null,
        guestCount: null,
        waitingCount: null,
      }),
    ).toEqual({ taken: 0, capacity: null, waiting: 0 });
  });
});
