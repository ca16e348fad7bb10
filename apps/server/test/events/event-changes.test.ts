import { EVENTS_API, REGISTRATION_MESSAGES, type TEvent } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import { createEvent, createEventWorld, type EventWorld, getEvent, setStatus } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.close());

const db = () => w.t.database.db;
const START = '2030-06-02T16:00:00.000Z';
const END = '2030-06-02T19:00:00.000Z';
const mailsOf = (eventId: number, kind: string) =>
  db()
    .selectFrom('mailOutbox')
    .selectAll()
    .where('topic', 'like', `event:${eventId}:${kind}%`)
    .orderBy('recipient')
    .execute();
const cancel = (id: number, headers = w.as.admin, scope?: string) =>
  w.t.app.inject({
    method: 'POST',
    url: `${EVENTS_API.cancel(id)}${scope ? `?scope=${scope}` : ''}`,
    headers,
  });
const auditKinds = async (id: number) =>
  (
    await db()
      .selectFrom('auditLog')
      .select('kind')
      .where('subjectType', '=', 'event')
      .where('subjectId', '=', id)
      .orderBy('id')
      .execute()
  ).map((row) => row.kind);

async function answered(name: string): Promise<TEvent> {
  const event = await createEvent(w, { name, start: START, end: END });
  expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
  expect((await setStatus(w, w.as.kollegin, event.id, 0)).statusCode).toBe(200);
  return event;
}

describe('event changes and cancellations', () => {
  it('should mail what changed, old → new in Berlin time, to those with a place only', async () => {
    const event = await answered('Regionaltreffen');
    const saved = await createEvent(w, {
      id: event.id,
      name: 'Regionaltreffen',
      start: '2030-06-03T15:30:00.000Z',
      end: '2030-06-03T18:00:00.000Z',
      location: 'Glaserei Beispiel, Werkhalle',
    });
    expect(saved.start).toBe('2030-06-03T15:30:00.000Z');
    const mails = await mailsOf(event.id, 'change');
    expect(mails.map((mail) => mail.recipient)).toEqual(['mitglied@glaserei.example']);
    expect(mails[0]?.subject).toBe('Geändert: Regionaltreffen');
    expect(mails[0]?.text).toContain(
      'Zeit: 02.06.2030, 18:00 bis 02.06.2030, 21:00 Uhr → 03.06.2030, 17:30 bis 03.06.2030, 20:00 Uhr',
    );
    expect(mails[0]?.text).toContain('Ort: Messe Düsseldorf, Halle 11 → Glaserei Beispiel, Werkhalle');
    expect(mails[0]?.text).toContain(`/event/${event.id}`);

    // a change of the text alone mails nothing
    await createEvent(w, {
      id: event.id,
      name: 'Regionaltreffen Nord',
      start: '2030-06-03T15:30:00.000Z',
      end: '2030-06-03T18:00:00.000Z',
      location: 'Glaserei Beispiel, Werkhalle',
    });
    expect(await mailsOf(event.id, 'change')).toHaveLength(1);
  });

  it('should mail a change and the cancellation to those waiting too', async () => {
    const event = await createEvent(w, { start: START, end: END, maxParticipants: 1, waitingList: true });
    expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    const waiting = await buildUser(w, { email: 'wartend@glashandel.example' });
    const answer = await setStatus(w, await w.login(waiting.username), event.id, 1);
    expect(answer.json<TEvent>().myWaitlistPosition).toBe(1);
    await createEvent(w, {
      id: event.id,
      start: '2030-06-04T16:00:00.000Z',
      end: '2030-06-04T19:00:00.000Z',
    });
    const recipients = ['mitglied@glaserei.example', 'wartend@glashandel.example'];
    expect((await mailsOf(event.id, 'change')).map((mail) => mail.recipient)).toEqual(recipients);
    expect((await cancel(event.id)).statusCode).toBe(200);
    expect((await mailsOf(event.id, 'cancel')).map((mail) => mail.recipient)).toEqual(recipients);
  });

  it('should mail nothing for an event without answers', async () => {
    const event = await createEvent(w, { start: START, end: END });
    await createEvent(w, {
      id: event.id,
      start: '2030-06-09T16:00:00.000Z',
      end: '2030-06-09T18:00:00.000Z',
    });
    expect(await mailsOf(event.id, 'change')).toHaveLength(0);
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await mailsOf(event.id, 'cancel')).toHaveLength(0);
  });

  it("should mail 'abgesagt' on a deletion, in the deletion's transaction", async () => {
    const event = await answered('Fachseminar Isolierglas');
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    const mails = await mailsOf(event.id, 'cancel');
    expect(mails.map((mail) => mail.recipient)).toEqual(['mitglied@glaserei.example']);
    expect(mails[0]?.subject).toBe('Abgesagt: Fachseminar Isolierglas am 02.06.2030, 18:00 Uhr');
    expect(mails[0]?.text).toContain('wurde abgesagt');
    expect(await auditKinds(event.id)).toEqual([
      'event.save',
      'event.answer',
      'event.answer',
      'event.delete',
    ]);
  });

  it('should cancel: stays listed as cancelled, refuses answers and a second cancel, mails and audits', async () => {
    const event = await answered('Mitgliederversammlung');
    expect((await cancel(event.id, w.as.mitglied)).statusCode).toBe(403);
    expect((await cancel(event.id, {})).statusCode).toBe(401);
    expect((await cancel(999_999)).statusCode).toBe(404);
    expect((await cancel(event.id, w.as.admin, 'alle')).statusCode).toBe(400);

    const response = await cancel(event.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<TEvent>()).toMatchObject({ id: event.id, cancelled: true, canSubscribe: false });
    const mails = await mailsOf(event.id, 'cancel');
    expect(mails.map((mail) => mail.recipient)).toEqual(['mitglied@glaserei.example']);
    expect(mails[0]?.text).toContain(`/event/${event.id}`);

    const shown = await getEvent(w, w.as.mitglied, event.id);
    expect(shown).toMatchObject({ cancelled: true, canSubscribe: false, mySubscription: true });
    const list = await w.json<TEvent[]>(`${EVENTS_API.list}?from=2030-06-01T00:00:00.000Z`, w.as.mitglied);
    expect(list.find((one) => one.id === event.id)?.cancelled).toBe(true);

    const answer = await setStatus(w, w.as.kollegin, event.id, 1);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ detail: REGISTRATION_MESSAGES.cancelledNoRegistration });
    const again = await cancel(event.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: REGISTRATION_MESSAGES.alreadyCancelled });
    expect(await mailsOf(event.id, 'cancel')).toHaveLength(1);
    expect(await auditKinds(event.id)).toEqual([
      'event.save',
      'event.answer',
      'event.answer',
      'event.cancel',
    ]);

    // the calendar says so
    const ics = await w.t.app.inject({ url: EVENTS_API.ics(event.id), headers: w.as.mitglied });
    expect(ics.body).toContain('STATUS:CANCELLED');
    // a deletion after the cancellation mails nothing more
    await w.t.app.inject({ method: 'DELETE', url: EVENTS_API.byId(event.id), headers: w.as.admin });
    expect(await mailsOf(event.id, 'cancel')).toHaveLength(1);
  });

  it('should cancel once when admins cancel at the same moment', async () => {
    const event = await answered('Jahresempfang');
    const responses = await Promise.all(Array.from({ length: 5 }, () => cancel(event.id)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await mailsOf(event.id, 'cancel')).toHaveLength(1);
    expect(await auditKinds(event.id)).toEqual([
      'event.save',
      'event.answer',
      'event.answer',
      'event.cancel',
    ]);
  });

  it('should list the cancel route and the scope of a deletion in the OpenAPI document', async () => {
    const response = await w.t.app.inject({ url: '/api/docs/json' });
    const { paths } = response.json<{
      paths: Record<string, Record<string, { description?: string; parameters?: { name: string }[] }>>;
    }>();
    expect(paths['/api/event/{id}/cancel']?.post?.description).toContain('STATUS:CANCELLED');
    expect(paths['/api/event/{id}/cancel']?.post?.parameters?.map((one) => one.name)).toContain('scope');
    expect(paths['/api/event/{id}']?.delete?.parameters?.map((one) => one.name)).toContain('scope');
  });
});
