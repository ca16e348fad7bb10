import type { TEvent } from '@portal/contract';

/**
 * SPEC §4 "Event subscription": an event is accepted (status 1), declined (status 0) or pending (no answer);
 * external events have no answers. Each status has its colour (green, red, blue, purple) and, for those
 * who do not see colours, a word.
 */
export type EventStatus = 'accepted' | 'declined' | 'pending' | 'external' | 'waiting';

/** 'waiting' (issue 35): on the waiting list; the badge says its place ('Warteliste, Platz 3'). */
export const STATUS_COLOR: Readonly<Record<EventStatus, string>> = {
  accepted: 'green',
  declined: 'red',
  pending: 'blue',
  external: 'grape',
  waiting: 'cyan.9',
};

/** The same colours as CSS values, for the calendar's event blocks: shade 7 of the theme's palettes. */
export const STATUS_CSS_COLOR: Readonly<Record<EventStatus, string>> = {
  accepted: '#237a36',
  declined: '#c92a2a',
  pending: '#1864ab',
  external: '#ae3ec9',
  waiting: '#0b7285',
};

type StatusEvent = Pick<TEvent, 'external' | 'mySubscription'> & Partial<Pick<TEvent, 'myWaitlistPosition'>>;

export function eventStatus(event: StatusEvent): EventStatus {
  if (event.external) return 'external';
  if (event.myWaitlistPosition != null) return 'waiting';
  if (event.mySubscription === true) return 'accepted';
  if (event.mySubscription === false) return 'declined';
  return 'pending';
}

/**
 * The status word a badge shows, or null: an event whose buttons are hidden (teilnahmeausblenden) cannot be
 * answered, so 'Offen' would ask for an answer nobody can give (issue 14). A given answer still shows.
 */
export function badgeStatus(event: StatusEvent & Pick<TEvent, 'teilnahmeausblenden'>): EventStatus | null {
  const status = eventStatus(event);
  return status === 'pending' && event.teilnahmeausblenden ? null : status;
}

/** What the attend/decline area of an event shows (SPEC §4). */
export type AnswerMode =
  /** external or teilnahmeausblenden: no buttons at all */
  | 'none'
  /** the deadline has passed: 'Anmeldeschluss abgelaufen' */
  | 'closed'
  /** the buttons, the current status's one disabled */
  | 'buttons'
  /** registration is open, but this user may not answer (a partner on the dashboard) */
  | 'readOnly';

export function answerMode(
  event: Pick<TEvent, 'external' | 'teilnahmeausblenden' | 'registrationOpen' | 'canSubscribe'>,
): AnswerMode {
  if (event.external || event.teilnahmeausblenden) return 'none';
  if (!event.registrationOpen) return 'closed';
  return event.canSubscribe ? 'buttons' : 'readOnly';
}
