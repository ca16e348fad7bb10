import { EVENTS_API, type TEvent, type TEventInput } from '@portal/contract';
import { createWorld, type Headers, rowCounts, type Upload, type World } from '../helpers/world.ts';

/** `admin`, the members `mitglied` and `kollegin` of other companies and addresses, and `partner`. */
const EVENT_USERS = [
  {
    username: 'admin',
    role: 'ROLE_ADMIN',
    email: 'admin@verband.example',
    company: 'Verband Flachglas e. V.',
  },
  {
    username: 'mitglied',
    role: 'ROLE_USER',
    email: 'mitglied@glaserei.example',
    company: 'Glaserei Beispiel GmbH',
  },
  {
    username: 'kollegin',
    role: 'ROLE_USER',
    email: 'kollegin@fensterbau.example',
    company: 'Fensterbau Süd KG',
  },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const;

export type EventWorld = World<(typeof EVENT_USERS)[number]['username']>;

export function createEventWorld(env: Record<string, string> = {}): Promise<EventWorld> {
  return createWorld({ env, users: EVENT_USERS });
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const at = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A valid upcoming event (in a week, 3 hours long, no deadline), with the overrides given. */
export function eventInput(overrides: Partial<TEventInput> = {}): Partial<TEventInput> {
  return {
    name: 'Glastage 2026',
    description: '<p>Zwei Tage Fachvorträge und Ausstellung.</p>',
    location: 'Messe Düsseldorf, Halle 11',
    start: at(7 * DAY),
    end: at(7 * DAY + 3 * HOUR),
    url: 'https://www.glastage.example/programm',
    teilnahmeausblenden: false,
    external: false,
    registrationDeadline: null,
    ...overrides,
  };
}

/** POST /api/event/ as the web app sends it: multipart with `event` JSON and optionally `image`. */
export async function saveEvent(
  w: World<never>,
  headers: Headers,
  event: Partial<TEventInput> | string,
  image?: Upload,
) {
  return w.postMultipart(EVENTS_API.save, headers, {
    event: typeof event === 'string' ? event : JSON.stringify(event),
    ...(image ? { image: { type: 'image/png', ...image } } : {}),
  });
}

/** Creates an event as admin and returns it. */
export async function createEvent(
  w: World<'admin'>,
  overrides: Partial<TEventInput> = {},
  image?: Upload,
): Promise<TEvent> {
  const response = await saveEvent(w, w.as.admin, eventInput(overrides), image);
  if (response.statusCode !== 200)
    throw new Error(`event not saved: ${response.statusCode} ${response.body}`);
  return response.json<TEvent>();
}

/** POST /api/eventSubscription/status as a form, the way the legacy client sends it. */
export function setStatus(w: World<never>, headers: Headers, eventId: number, status: 1 | 0) {
  return w.t.app.inject({
    method: 'POST',
    url: EVENTS_API.status,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      event: JSON.stringify({ id: eventId }),
      status: String(status),
    }).toString(),
  });
}

export async function getEvent(w: World<never>, headers: Headers, id: number): Promise<TEvent> {
  return w.json<TEvent>(EVENTS_API.byId(id), headers);
}

export async function eventCount(w: World<never>): Promise<number> {
  return (await rowCounts(w.t, ['events'])).events;
}

/** POST /api/eventSubscription/status with companions (issue 35); `guests` as the form sends it. */
export function answerWith(
  w: World<never>,
  headers: Headers,
  eventId: number,
  status: 1 | 0,
  guests?: number | string,
) {
  return w.t.app.inject({
    method: 'POST',
    url: EVENTS_API.status,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      event: JSON.stringify({ id: eventId }),
      status: String(status),
      ...(guests === undefined ? {} : { guests: String(guests) }),
    }).toString(),
  });
}

/** DELETE /api/event/{id}/participant/{username} (admins). */
export function removeParticipant(w: World<never>, headers: Headers, eventId: number, username: string) {
  return w.t.app.inject({
    method: 'DELETE',
    url: EVENTS_API.participant(eventId, encodeURIComponent(username)),
    headers,
  });
}

/** The mails queued to `recipient`, oldest first. */
export function mailsTo(w: World<never>, recipient: string) {
  return w.t.database.db
    .selectFrom('mailOutbox')
    .select(['subject', 'text'])
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}

/** The audit entries of these kinds, oldest first. */
export function auditEntries(w: World<never>, kinds: readonly string[]) {
  return w.t.database.db
    .selectFrom('auditLog')
    .select(['kind', 'actorId', 'subjectType', 'subjectId', 'subjectLabel', 'changes'])
    .where('kind', 'in', kinds)
    .orderBy('id')
    .execute();
}
