import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TEvent, TEventInput } from '@portal/contract';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

export type Headers = Record<string, string>;

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test-fixtures');

export function fixture(relative: string): Buffer {
  return readFileSync(path.join(fixtures, relative));
}

/**
 * A test app with one user per role: `admin` (ROLE_ADMIN), `mitglied` and `kollegin` (ROLE_USER, other
 * companies and addresses), `partner` (ROLE_PARTNER). The events' clock is the system clock until a test
 * sets `w.clock.now`.
 */
export interface EventWorld {
  t: TestApp;
  as: { admin: Headers; mitglied: Headers; kollegin: Headers; partner: Headers };
  clock: { now: Date | undefined };
}

export async function createEventWorld(env: Record<string, string> = {}): Promise<EventWorld> {
  const clock: EventWorld['clock'] = { now: undefined };
  const t = await createTestApp(env, { eventsClock: () => clock.now ?? new Date() });
  const { app } = t;
  await createUser(app, {
    username: 'admin',
    role: 'ROLE_ADMIN',
    email: 'admin@verband.example',
    company: 'Verband Flachglas e. V.',
  });
  await createUser(app, {
    username: 'mitglied',
    role: 'ROLE_USER',
    email: 'mitglied@glaserei.example',
    company: 'Glaserei Beispiel GmbH',
  });
  await createUser(app, {
    username: 'kollegin',
    role: 'ROLE_USER',
    email: 'kollegin@fensterbau.example',
    company: 'Fensterbau Süd KG',
  });
  await createUser(app, { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] });
  const as = {
    admin: bearer(await login(app, 'admin')),
    mitglied: bearer(await login(app, 'mitglied')),
    kollegin: bearer(await login(app, 'kollegin')),
    partner: bearer(await login(app, 'partner')),
  };
  return { t, as, clock };
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

export interface ImageUpload {
  filename: string;
  data: Buffer;
  type?: string;
}

/** POST /api/event/ as the web app sends it: multipart with `event` JSON and optionally `image`. */
export async function saveEvent(
  w: EventWorld,
  headers: Headers,
  event: Partial<TEventInput> | string,
  image?: ImageUpload,
) {
  const body = await multipartBody({
    event: typeof event === 'string' ? event : JSON.stringify(event),
    ...(image ? { image: { type: 'image/png', ...image } } : {}),
  });
  return w.t.app.inject({
    method: 'POST',
    url: '/api/event/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Creates an event as admin and returns it. */
export async function createEvent(
  w: EventWorld,
  overrides: Partial<TEventInput> = {},
  image?: ImageUpload,
): Promise<TEvent> {
  const response = await saveEvent(w, w.as.admin, eventInput(overrides), image);
  if (response.statusCode !== 200)
    throw new Error(`event not saved: ${response.statusCode} ${response.body}`);
  return response.json<TEvent>();
}

/** POST /api/eventSubscription/status as a form, the way the legacy client sends it. */
export function setStatus(w: EventWorld, headers: Headers, eventId: number, status: 1 | 0) {
  return w.t.app.inject({
    method: 'POST',
    url: '/api/eventSubscription/status',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      event: JSON.stringify({ id: eventId }),
      status: String(status),
    }).toString(),
  });
}

export async function getEvent(w: EventWorld, headers: Headers, id: number): Promise<TEvent> {
  const response = await w.t.app.inject({ url: `/api/event/${id}`, headers });
  if (response.statusCode !== 200) throw new Error(`event ${id}: ${response.statusCode} ${response.body}`);
  return response.json<TEvent>();
}

/** Every file in the storage folder (relative keys). */
export function storedFiles(w: EventWorld): string[] {
  const root = w.t.config.storageUrl.replace(/^file:/, '');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

export function keyOf(url: string | null): string {
  if (!url) throw new Error('no image url');
  return new URL(url, 'http://x').pathname.replace('/api/files/', '');
}

export async function eventCount(w: EventWorld): Promise<number> {
  const row = await w.t.database.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
