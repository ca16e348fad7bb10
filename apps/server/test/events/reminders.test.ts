import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENTS_API } from '@portal/contract';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCalendar } from '../../src/features/events/ical.ts';
import { createEventReminders, createReminderRun } from '../../src/features/events/index.ts';
import { createJobLease } from '../../src/platform/jobs/job-lease.ts';
import { createMailOutbox } from '../../src/platform/mail/mail-outbox.ts';
import { readMail } from '../helpers/smtp-peer.ts';
import { drain } from '../mail/mail-helpers.ts';
import { createEvent, createEventWorld, type EventWorld, HOUR, setStatus } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.close());

const db = () => w.t.database.db;
const addresses = { publicUrl: 'http://localhost:8080', hostPageUrl: null };
const START = '2030-05-14T16:00:00.000Z';
const before = (hours: number, start = START) => new Date(Date.parse(start) - hours * HOUR);
const reminders = (eventId: number) =>
  db()
    .selectFrom('mailOutbox')
    .selectAll()
    .where('topic', '=', `event:${eventId}:reminder`)
    .orderBy('recipient')
    .execute();

async function attended(overrides: Parameters<typeof createEvent>[1] = {}) {
  const event = await createEvent(w, { start: START, end: '2030-05-14T19:00:00.000Z', ...overrides });
  expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
  expect((await setStatus(w, w.as.kollegin, event.id, 1)).statusCode).toBe(200);
  return event;
}

describe('event reminders', () => {
  it('should remind each attendee once, 24 hours before by default, not those who declined since', async () => {
    const event = await attended({ name: 'Stammtisch Nord' });
    expect(event.reminderHours).toBe(24);
    expect((await setStatus(w, w.as.kollegin, event.id, 0)).statusCode).toBe(200);

    expect(await w.app.eventReminders.runOnce(before(25))).toMatchObject({ queued: 0 });
    // two instances at once, and a third run without the job: the claims let one mail through
    const other = createReminderRun({
      db: db(),
      outbox: createMailOutbox(w.t.database),
      addresses,
      icsOf: async (event) => buildCalendar([event], { ...addresses, name: 'Veranstaltungen' }),
    });
    const otherJob = createEventReminders({
      run: other,
      lease: createJobLease(db()),
      mailWorker: { notify: () => undefined },
      log: w.app.log,
      holder: 'zweite Instanz',
    });
    const runs = await Promise.all([
      w.app.eventReminders.runOnce(before(23)),
      otherJob.runOnce(before(23)),
      other(before(23)),
    ]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(1);
    // a restart later: nothing again
    expect(await w.app.eventReminders.runOnce(before(2))).toMatchObject({ queued: 0 });

    const mails = await reminders(event.id);
    expect(mails.map((mail) => mail.recipient)).toEqual(['mitglied@glaserei.example']);
    const [mail] = mails;
    expect(mail?.subject).toBe('Erinnerung: Stammtisch Nord am 14.05.2030, 18:00 Uhr');
    expect(mail?.text).toContain('14.05.2030, 18:00 bis 14.05.2030, 21:00 Uhr');
    expect(mail?.text).toContain('Messe Düsseldorf, Halle 11');
    expect(mail?.text).toContain(`/event/${event.id}`);

    // sent (queued at the run's moment in 2030, due now): the .ics is attached, and parses to the event
    await db().updateTable('mailOutbox').set({ nextAttemptAt: new Date() }).execute();
    await drain(w.t.app);
    const dir = path.join(w.t.config.dataDir, 'outbox');
    const sent = readdirSync(dir)
      .map((name) => readMail(readFileSync(path.join(dir, name), 'utf8')))
      .find((one) => one.subject === mail?.subject);
    const attachment = sent?.attachments[0];
    expect(attachment?.filename).toBe('stammtisch-nord.ics');
    expect(attachment?.contentType).toBe('text/calendar');
    const vevent = Object.values(ical.sync.parseICS(attachment?.content ?? '')).find(
      (item) => item?.type === 'VEVENT',
    );
    expect(vevent).toMatchObject({ summary: 'Stammtisch Nord', start: new Date(START) });
  });

  it('should remind at the hours set, not at all without them, and not for cancelled events', async () => {
    const early = await attended({ reminderHours: 72 });
    const none = await attended({ reminderHours: null });
    const cancelled = await attended();
    const cancel = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.cancel(cancelled.id),
      headers: w.as.admin,
    });
    expect(cancel.statusCode).toBe(200);
    expect(none.reminderHours).toBeNull();

    await w.app.eventReminders.runOnce(before(73));
    expect(await reminders(early.id)).toHaveLength(0);
    await w.app.eventReminders.runOnce(before(71));
    expect(await reminders(early.id)).toHaveLength(2);
    await w.app.eventReminders.runOnce(before(1));
    expect(await reminders(none.id)).toHaveLength(0);
    expect(await reminders(cancelled.id)).toHaveLength(0);
    // after the start: nothing
    expect(await w.app.eventReminders.runOnce(before(-1))).toMatchObject({ queued: 0 });
  });

  it('should remind a moved event at its new time unless it reminded already (decision 0165)', async () => {
    const moved = await attended({ name: 'Verschoben' });
    const later = '2030-05-20T16:00:00.000Z';
    const save = await createEvent(w, {
      id: moved.id,
      name: 'Verschoben',
      start: later,
      end: '2030-05-20T19:00:00.000Z',
    });
    expect(save.start).toBe(later);
    await w.app.eventReminders.runOnce(before(23));
    expect(await reminders(moved.id)).toHaveLength(0);
    await w.app.eventReminders.runOnce(before(23, later));
    expect(await reminders(moved.id)).toHaveLength(2);
    // moved again after the reminder: no second one (the change mail tells the new time)
    await createEvent(w, { id: moved.id, name: 'Verschoben', start: START, end: '2030-05-14T19:00:00.000Z' });
    await w.app.eventReminders.runOnce(before(23));
    expect(await reminders(moved.id)).toHaveLength(2);
  });
});
