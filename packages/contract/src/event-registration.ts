import { z } from 'zod';
// The event JSON is checked by the frame and the dashboard before they show it: zod/mini (decision 0097).
import * as zm from 'zod/mini';

/**
 * Issue 35: registration for real association events. Capacity and waiting list, companions, reminders,
 * cancellation and series: the limits, German texts and shapes both sides share.
 */

/** 'Maximale Teilnehmerzahl' accepts 1 … EVENT_CAPACITY_MAX places (members and their companions). */
export const EVENT_CAPACITY_MAX = 10_000;
/** 'Begleitpersonen': an event allows 0 … EVENT_GUESTS_MAX companions per member. */
export const EVENT_GUESTS_MAX = 20;
/** The reminder goes 1 … EVENT_REMINDER_HOURS_MAX hours before the start; a new event's default is 24. */
export const EVENT_REMINDER_HOURS_MAX = 720;
export const EVENT_REMINDER_HOURS_DEFAULT = 24;
/** A series has at most this many occurrences (two years of weekly meetings). */
export const EVENT_SERIES_MAX = 104;

export const REGISTRATION_MESSAGES = {
  capacityRange: `Die maximale Teilnehmerzahl muss zwischen 1 und ${EVENT_CAPACITY_MAX} liegen.`,
  capacityBelowTaken: (taken: number) =>
    `Die maximale Teilnehmerzahl kann nicht unter die Zahl der vergebenen Plätze (${taken}) sinken.`,
  guestsLimitRange: `Die Zahl der Begleitpersonen muss zwischen 0 und ${EVENT_GUESTS_MAX} liegen.`,
  guestsRange: (max: number) =>
    max === 0
      ? 'Für diese Veranstaltung sind keine Begleitpersonen vorgesehen.'
      : `Es sind höchstens ${max} Begleitpersonen möglich.`,
  reminderRange: `Die Erinnerung muss zwischen 1 und ${EVENT_REMINDER_HOURS_MAX} Stunden vor Beginn liegen.`,
  /** 409 when accepting a full event without a waiting list; also the disabled accept button's reason. */
  fullyBooked: 'Die Veranstaltung ist ausgebucht.',
  /** 409 when accepting with companions for whom the free places do not suffice (no waiting list). */
  notEnoughPlaces: (free: number) =>
    free === 1 ? 'Es ist nur noch 1 Platz frei.' : `Es sind nur noch ${free} Plätze frei.`,
  cancelledNoRegistration: 'Die Veranstaltung wurde abgesagt.',
  alreadyCancelled: 'Die Veranstaltung ist bereits abgesagt.',
  participantNotFound: 'Diese Person hat auf die Veranstaltung nicht geantwortet.',
  /** the web app's success banners */
  waitlisted: (name: string, position: number) =>
    `Die Veranstaltung "${name}" ist ausgebucht. Du stehst auf der Warteliste (Platz ${position}).`,
  participantRemoved: (username: string) => `${username} wurde von der Veranstaltung abgemeldet.`,
  cancelled: (name: string) => `Die Veranstaltung "${name}" wurde abgesagt.`,
  recurrenceEndRequired: 'Die Wiederholung braucht ein Enddatum oder eine Anzahl von Terminen.',
  recurrenceEndBoth: 'Die Wiederholung endet entweder an einem Datum oder nach einer Anzahl von Terminen.',
  recurrenceCountRange: `Eine Serie hat 2 bis ${EVENT_SERIES_MAX} Termine.`,
  recurrenceUntilInvalid: 'Das Enddatum der Wiederholung ist kein gültiges Datum.',
  recurrenceUntilBeforeStart: 'Das Enddatum der Wiederholung liegt vor dem Beginn.',
  recurrenceTooMany: `Eine Serie hat höchstens ${EVENT_SERIES_MAX} Termine.`,
  recurrenceIntervalRange: 'Der Abstand der Wiederholung muss zwischen 1 und 52 liegen.',
  recurrenceWeekInvalid: 'Die Woche im Monat muss 1 bis 4 oder -1 (die letzte) sein.',
  scopeInvalid: 'Der Umfang muss „this“ (nur dieser Termin) oder „following“ (alle folgenden) sein.',
} as const;

/** What lists, the detail and the dashboard say about the places (`freePlaces`, `myWaitlistPosition`). */
export const REGISTRATION_LABELS = {
  placesLeft: (free: number) => (free === 1 ? 'noch 1 Platz' : `noch ${free} Plätze`),
  fullyBooked: 'ausgebucht',
  waitlistPosition: (position: number) => `Warteliste, Platz ${position}`,
  cancelled: 'Abgesagt',
  guests: (count: number) => (count === 1 ? '1 Begleitperson' : `${count} Begleitpersonen`),
} as const;

/**
 * The participant list as CSV (admins): one row per answer or waiting place; accepted first, then the
 * waiting list by position, then declined; 'Antwort am' is the answer's time in Europe/Berlin.
 */
export const PARTICIPANTS_CSV = {
  header: ['Name', 'E-Mail', 'Firma', 'Status', 'Begleitpersonen', 'Antwort am'],
  accepted: 'Zugesagt',
  declined: 'Abgesagt',
  waiting: (position: number) => `Warteliste (Platz ${position})`,
} as const;

const RECURRENCE_FREQUENCIES = ['weekly', 'monthly'] as const;

/**
 * A series' rule. `weekly`: every `interval` weeks on the start's weekday. `monthly`: every `interval`
 * months on the `weekOfMonth`-th (1–4, or -1: the last) weekday of the start. It ends on the Berlin date
 * `until` (inclusive) or after `count` occurrences, exactly one of them. iCalendar writes it as RRULE.
 */
const ZRecurrence = zm.object({
  frequency: zm.enum(RECURRENCE_FREQUENCIES),
  interval: zm.int(),
  weekOfMonth: zm.nullable(zm.int()),
  until: zm.nullable(zm.string()),
  count: zm.nullable(zm.int()),
});
export type TRecurrence = z.infer<typeof ZRecurrence>;

const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * The form's rule: `interval` defaults to 1; `weekOfMonth` (monthly only) defaults to the start's week
 * (the server derives it); `until` is 'YYYY-MM-DD'.
 */
export const ZRecurrenceInput = z
  .object({
    frequency: z.enum(RECURRENCE_FREQUENCIES),
    interval: wholeIn(1, 52, REGISTRATION_MESSAGES.recurrenceIntervalRange).default(1),
    weekOfMonth: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)], {
        error: REGISTRATION_MESSAGES.recurrenceWeekInvalid,
      })
      .nullish()
      .transform((value) => value ?? null),
    until: z.iso
      .date({ error: REGISTRATION_MESSAGES.recurrenceUntilInvalid })
      .nullish()
      .transform((value) => value ?? null),
    count: wholeIn(2, EVENT_SERIES_MAX, REGISTRATION_MESSAGES.recurrenceCountRange)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((rule) => rule.until !== null || rule.count !== null, {
    message: REGISTRATION_MESSAGES.recurrenceEndRequired,
    path: ['until'],
  })
  .refine((rule) => rule.until === null || rule.count === null, {
    message: REGISTRATION_MESSAGES.recurrenceEndBoth,
    path: ['count'],
  });
export type TRecurrenceInput = z.input<typeof ZRecurrenceInput>;

/** A save or deletion of a series' occurrence: only this one, or it and every later one. */
const EVENT_CHANGE_SCOPES = ['this', 'following'] as const;
export type TEventChangeScope = (typeof EVENT_CHANGE_SCOPES)[number];
const ZEventChangeScope = z.enum(EVENT_CHANGE_SCOPES, { error: REGISTRATION_MESSAGES.scopeInvalid });

/** DELETE /api/event/{id} and POST /api/event/{id}/cancel: `?scope=following` for a series (default this). */
export const ZEventScopeQuery = z.object({ scope: ZEventChangeScope.default('this') });

/** The form's registration fields; omitted on an update, each keeps its value (legacy clients). */
export const registrationInputFields = {
  /** null: unlimited */
  maxParticipants: wholeIn(1, EVENT_CAPACITY_MAX, REGISTRATION_MESSAGES.capacityRange).nullish(),
  waitingList: z.boolean().optional(),
  /** 0: no companions */
  maxGuests: wholeIn(0, EVENT_GUESTS_MAX, REGISTRATION_MESSAGES.guestsLimitRange).optional(),
  /** null: no reminder; a new event without the field: EVENT_REMINDER_HOURS_DEFAULT */
  reminderHours: wholeIn(1, EVENT_REMINDER_HOURS_MAX, REGISTRATION_MESSAGES.reminderRange).nullish(),
  /** only when creating an event or with scope 'following': the series from this occurrence on */
  recurrence: ZRecurrenceInput.nullish(),
  /** for an occurrence of a series: change only it (default) or it and all following */
  scope: ZEventChangeScope.optional(),
};

/** A waiting place: `position` 1 is the next to move up. Admins see all, members their own. */
const ZWaitlistEntry = zm.object({
  user: zm.object({
    username: zm.string(),
    email: zm.nullable(zm.string()),
    company: zm.nullable(zm.string()),
  }),
  position: zm.int(),
  guests: zm.int(),
  answeredAt: zm.string(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/**
 * The registration part of the event JSON (see ZEvent). `freePlaces`: null without a capacity, else the
 * places left (0: 'ausgebucht'). `mySubscription` stays true only with a place; `myWaitlistPosition` is the
 * caller's waiting place (null unless waiting), `myGuests` the companions of the caller's place or waiting
 * place. `waitlist`: every waiting place for admins reading one event, the caller's own otherwise.
 * `guestCount` (companions with a place) and `waitingCount` are numbers for admins, null for everyone else.
 * `seriesId` and `recurrence` are set for an occurrence of a series, null otherwise.
 */
export const registrationEventFields = {
  maxParticipants: zm.nullable(zm.int()),
  waitingList: zm.boolean(),
  maxGuests: zm.int(),
  reminderHours: zm.nullable(zm.int()),
  cancelled: zm.boolean(),
  seriesId: zm.nullable(zm.int()),
  recurrence: zm.nullable(ZRecurrence),
  freePlaces: zm.nullable(zm.int()),
  myWaitlistPosition: zm.nullable(zm.int()),
  myGuests: zm.int(),
  waitlist: zm.array(ZWaitlistEntry),
  guestCount: zm.nullable(zm.int()),
  waitingCount: zm.nullable(zm.int()),
};
