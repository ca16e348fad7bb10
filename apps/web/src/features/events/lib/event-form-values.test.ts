import { type TEvent, ZEventInput } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { endFollowingStart, eventPayload, initialEventValues } from './event-form-values';

const EVENT: TEvent = {
  id: 7,
  name: 'Glastage',
  description: '<p>Programm</p>',
  location: null,
  start: '2026-07-01T07:00:00.000Z',
  end: '2026-07-02T16:00:00.000Z',
  url: null,
  teilnahmeausblenden: false,
  external: true,
  registrationDeadline: null,
  image: 'https://example.test/signed',
  imagePath: 'logo.png',
  eventSubscriptions: [],
  mySubscription: null,
  registrationOpen: true,
  canSubscribe: false,
  participantCount: 0,
  declinedCount: 0,
  maxParticipants: null,
  waitingList: false,
  maxGuests: 0,
  reminderHours: null,
  cancelled: false,
  seriesId: null,
  recurrence: null,
  freePlaces: null,
  myWaitlistPosition: null,
  myGuests: 0,
  waitlist: [],
  guestCount: null,
  waitingCount: null,
};

describe('event form values (SPEC §5)', () => {
  it('starts a new event empty, and the schema asks for name and description', () => {
    const result = ZEventInput.safeParse(initialEventValues(undefined));
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Name ist ein Pflichtfeld.');
    expect(messages).toContain('Beschreibung ist ein Pflichtfeld.');
  });

  it('presets a clicked day from 09:00 to 17:00 Berlin time', () => {
    const values = initialEventValues(undefined, '2026-07-15');
    expect(values.start).toBe('2026-07-15T07:00:00.000Z');
    expect(values.end).toBe('2026-07-15T15:00:00.000Z');
  });

  it('reports an end before the start', () => {
    const result = ZEventInput.safeParse({
      ...initialEventValues(undefined, '2026-07-15'),
      name: 'A',
      description: '<p>B</p>',
      end: '2026-07-15T06:00:00.000Z',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Die Endzeit kann nicht vor der Startzeit liegen.',
    ]);
  });

  it('fills the form from an event and sends it back unchanged', () => {
    const values = initialEventValues(EVENT);
    expect(values).toMatchObject({ id: 7, location: '', url: '', registrationDeadline: '', external: true });
    const parsed = ZEventInput.parse(values);
    expect(eventPayload(parsed, { file: null, remove: false })).toEqual({
      id: 7,
      name: 'Glastage',
      description: '<p>Programm</p>',
      location: null,
      start: EVENT.start,
      end: EVENT.end,
      url: null,
      teilnahmeausblenden: false,
      external: true,
      registrationDeadline: null,
      maxParticipants: null,
      waitingList: false,
      maxGuests: 0,
      reminderHours: null,
    });
  });

  it('sends a rule given to a single event on save, so that it becomes a series', () => {
    const parsed = ZEventInput.parse({
      ...initialEventValues(EVENT),
      recurrence: { frequency: 'weekly', interval: 1, weekOfMonth: null, until: null, count: 4 },
    });
    expect(eventPayload(parsed, { file: null, remove: false }).recurrence).toMatchObject({ count: 4 });
  });

  it('asks to remove the picture only without a new file', () => {
    const parsed = ZEventInput.parse(initialEventValues(EVENT));
    expect(eventPayload(parsed, { file: null, remove: true }).image).toBeNull();
    const file = new File(['x'], 'neu.png', { type: 'image/png' });
    expect(eventPayload(parsed, { file, remove: true })).not.toHaveProperty('image');
  });
});

describe('endFollowingStart (issue 31: the end is prefilled from the start)', () => {
  it('puts the end of a new event two hours after its start', () => {
    expect(endFollowingStart('', '2026-09-14T07:30:00.000Z', '')).toBe('2026-09-14T09:30:00.000Z');
  });

  it('moves the end along with the start, keeping the length', () => {
    expect(
      endFollowingStart('2026-07-01T07:00:00.000Z', '2026-07-08T08:00:00.000Z', '2026-07-02T16:00:00.000Z'),
    ).toBe('2026-07-09T17:00:00.000Z');
  });

  it('starts over with two hours when the end lay before the old start', () => {
    expect(
      endFollowingStart('2026-07-01T07:00:00.000Z', '2026-07-03T10:00:00.000Z', '2026-06-30T07:00:00.000Z'),
    ).toBe('2026-07-03T12:00:00.000Z');
  });

  it('leaves the end alone while the start is empty or invalid', () => {
    expect(endFollowingStart('2026-07-01T07:00:00.000Z', '', '2026-07-01T09:00:00.000Z')).toBe(
      '2026-07-01T09:00:00.000Z',
    );
  });

  it("keeps a clicked day's preset hours: 09:00 to 17:00", () => {
    const preset = initialEventValues(undefined, '2026-09-14');
    expect(preset.start).toBe('2026-09-14T07:00:00.000Z');
    expect(preset.end).toBe('2026-09-14T15:00:00.000Z');
  });
});
