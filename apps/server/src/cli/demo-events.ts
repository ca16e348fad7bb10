import type { Kysely } from 'kysely';
import type { AccountsService } from '../features/accounts/index.ts';
import { createEventsRepository, type EventValues } from '../features/events/index.ts';
import type { DB } from '../platform/db/schema.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { storeDemoPicture } from './demo-assets.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoEvent {
  name: string;
  description: string;
  location: string | null;
  /** days from today; negative is in the past */
  day: number;
  /** hours (UTC) of start and end on that day; `days` long events end on a later day */
  hours: [number, number];
  days?: number;
  url?: string;
  /** days from today of the registration deadline (at 22:00 UTC) */
  deadline?: number;
  external?: boolean;
  teilnahmeausblenden?: boolean;
  image?: string;
  /** username → true attends, false declined */
  answers?: Record<string, boolean>;
}

const DEMO_EVENTS: DemoEvent[] = [
  {
    name: 'Mitgliederversammlung 2026',
    description:
      '<p>Jahresbericht des Vorstands, Haushalt und Wahlen. Die Unterlagen finden Sie in der Mediathek.</p>',
    location: 'Geschäftsstelle, Düsseldorf',
    day: -40,
    hours: [8, 14],
    deadline: -47,
    answers: { admin: true, mitglied: true },
  },
  {
    name: 'Glastage 2026',
    description:
      '<h2>Programm</h2><p>Am ersten Tag Normen und Technik, am zweiten Vertrieb und Digitalisierung. ' +
      'Am Abend laden wir zum <strong>Branchentreff</strong> ein.</p>',
    location: 'Messe Düsseldorf, Halle 11',
    day: 30,
    days: 1,
    hours: [7, 16],
    deadline: 20,
    url: 'https://www.example.de/glastage-2026',
    image: 'images/logo.png',
    answers: { admin: true, mitglied: true },
  },
  {
    name: 'Webinar: Die neue DIN 18008 in der Praxis',
    description: '<p>Unser Technik-Referat erklärt die Änderungen an absturzsichernden Verglasungen.</p>',
    location: 'Online (Zugangsdaten nach Anmeldung)',
    day: 10,
    hours: [14, 15],
    answers: { mitglied: false },
  },
  {
    name: 'Exkursion: Floatglaswerk',
    description: '<p>Werksführung mit anschließendem Austausch. Die Plätze sind vergeben.</p>',
    location: 'Gelsenkirchen',
    day: 14,
    hours: [8, 13],
    deadline: -2,
    answers: { admin: true },
  },
  {
    name: 'Stammtisch Region Süd',
    description: '<p>Zwangloser Austausch unter Kollegen, ohne Anmeldung.</p>',
    location: 'Gasthaus zur Post, München',
    day: 5,
    hours: [17, 20],
    teilnahmeausblenden: true,
  },
  {
    name: 'glasstec 2026 (externe Messe)',
    description:
      '<p>Die Weltleitmesse der Glasbranche. Der Verband ist mit einem Gemeinschaftsstand vertreten.</p>',
    location: 'Messe Düsseldorf',
    day: 60,
    days: 3,
    hours: [8, 16],
    url: 'https://www.example.de/glasstec',
    external: true,
  },
];

function dayAt(day: number, hour: number): Date {
  const date = new Date(Date.now() + day * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
}

/**
 * Demo events around today: a past one, upcoming ones with and without a deadline (one already passed),
 * one without participation buttons, one external, one with a picture; the demo members' answers.
 */
export async function seedDemoEvents(deps: { db: Kysely<DB>; storage: Storage; accounts: AccountsService }) {
  const repo = createEventsRepository(deps.db);
  const users = new Map((await deps.accounts.listUsers()).map((user) => [user.username, user.id]));
  for (const event of DEMO_EVENTS) {
    const values: EventValues = {
      name: event.name,
      description: event.description,
      location: event.location,
      startAt: dayAt(event.day, event.hours[0]),
      endAt: dayAt(event.day + (event.days ?? 0), event.hours[1]),
      url: event.url ?? null,
      teilnahmeausblenden: event.teilnahmeausblenden ?? false,
      external: event.external ?? false,
      registrationDeadline: event.deadline === undefined ? null : dayAt(event.deadline, 22),
      ...(await storeDemoPicture(deps.storage, 'event', event.image)),
    };
    await deps.db.transaction().execute(async (trx) => {
      const now = new Date();
      const eventId = await repo.insert(trx, values, now);
      for (const [username, status] of Object.entries(event.answers ?? {})) {
        const userId = users.get(username);
        if (userId !== undefined) await repo.saveSubscription(trx, { eventId, userId, status }, now);
      }
    });
  }
}
