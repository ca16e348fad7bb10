import path from 'node:path';
import { EVENT_MESSAGES, EVENTS_API, MESSAGES, type TEvent } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, keyOf, storedFiles } from '../helpers/world.ts';
import {
  createEvent,
  createEventWorld,
  DAY,
  type EventWorld,
  eventCount,
  eventInput,
  getEvent,
  HOUR,
  saveEvent,
  setStatus,
} from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.t.close());

const logo = () => ({ filename: 'logo.png', data: fixture('images/logo.png'), type: 'image/png' });

describe('POST /api/event/', () => {
  it('should create an event with sanitised description, UTC times and no participants yet', async () => {
    const response = await saveEvent(
      w,
      w.as.admin,
      eventInput({
        name: '  Glastage 2026 ',
        description: '<p onclick="x()">Programm <a href="javascript:alert(1)">hier</a></p><script>x</script>',
        start: '2031-05-04T09:00:00+02:00',
        end: '2031-05-04T17:30:00+02:00',
        registrationDeadline: '2031-04-30T22:00:00Z',
        location: ' Köln ',
      }),
    );
    expect(response.statusCode).toBe(200);
    const event = response.json<TEvent>();
    expect(event).toMatchObject({
      name: 'Glastage 2026',
      description: '<p>Programm <a>hier</a></p>',
      location: 'Köln',
      start: '2031-05-04T07:00:00.000Z',
      end: '2031-05-04T15:30:00.000Z',
      url: 'https://www.glastage.example/programm',
      registrationDeadline: '2031-04-30T22:00:00.000Z',
      teilnahmeausblenden: false,
      external: false,
      image: null,
      imagePath: null,
      eventSubscriptions: [],
      mySubscription: null,
      registrationOpen: true,
      canSubscribe: true,
      participantCount: 0,
      declinedCount: 0,
    });
    const read = await w.t.app.inject({ url: EVENTS_API.byId(event.id), headers: w.as.mitglied });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      ...event,
      participantCount: null,
      declinedCount: null,
      guestCount: null,
      waitingCount: null,
    });
  });

  it('should accept the event as a JSON body, flags as 1/0 and an empty deadline', async () => {
    const response = await w.t.app.inject({
      method: 'POST',
      url: EVENTS_API.save,
      headers: w.as.admin,
      payload: {
        event: eventInput({ teilnahmeausblenden: 1, external: 0, registrationDeadline: '', url: '' }),
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      teilnahmeausblenden: true,
      external: false,
      registrationDeadline: null,
      url: null,
      canSubscribe: false,
    });
  });

  it('should accept an end equal to the start', async () => {
    const start = '2031-06-01T10:00:00.000Z';
    const response = await saveEvent(w, w.as.admin, eventInput({ start, end: start }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ start, end: start });
  });

  it('should refuse a request without token with 401', async () => {
    expect((await saveEvent(w, {}, eventInput())).statusCode).toBe(401);
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403 and write nothing', async (user) => {
    const before = await eventCount(w);
    const files = storedFiles(w.t);
    const response = await saveEvent(w, w.as[user], eventInput(), logo());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
    expect(await eventCount(w)).toBe(before);
    expect(storedFiles(w.t)).toEqual(files);
  });

  it.each([
    ['name', { name: '  ' }, EVENT_MESSAGES.nameRequired],
    ['name', { name: undefined }, EVENT_MESSAGES.nameRequired],
    ['description', { description: '' }, EVENT_MESSAGES.descriptionRequired],
    ['description', { description: undefined }, EVENT_MESSAGES.descriptionRequired],
    ['description', { description: '<p></p>' }, EVENT_MESSAGES.descriptionRequired],
    ['description', { description: '<p><script>x</script></p>' }, EVENT_MESSAGES.descriptionRequired],
    ['end', { start: '2031-05-04T10:00:00Z', end: '2031-05-04T09:59:59Z' }, EVENT_MESSAGES.endBeforeStart],
    ['start', { start: undefined }, EVENT_MESSAGES.startRequired],
    ['start', { start: '04.05.2031' }, EVENT_MESSAGES.startInvalid],
    ['end', { end: '' }, EVENT_MESSAGES.endRequired],
    ['registrationDeadline', { registrationDeadline: 'morgen' }, EVENT_MESSAGES.deadlineInvalid],
    ['url', { url: 'javascript:alert(1)' }, EVENT_MESSAGES.urlInvalid],
  ])(
    'should refuse a missing or invalid %s with 400 and its German message',
    async (field, change, message) => {
      const before = await eventCount(w);
      const files = storedFiles(w.t);
      const response = await saveEvent(w, w.as.admin, eventInput(change), logo());
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.detail).toBe(message);
      expect(body.errors[`event.${field}`]).toBe(message);
      expect(await eventCount(w)).toBe(before);
      expect(storedFiles(w.t)).toEqual(files);
    },
  );

  it('should report every problem at once, the end before the start included', async () => {
    const response = await saveEvent(w, w.as.admin, {
      start: '2031-05-04T10:00:00Z',
      end: '2031-05-03T10:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'event.name': EVENT_MESSAGES.nameRequired,
      'event.description': EVENT_MESSAGES.descriptionRequired,
      'event.end': EVENT_MESSAGES.endBeforeStart,
    });
  });

  it('should refuse an event field that is no JSON with 400', async () => {
    const response = await saveEvent(w, w.as.admin, '{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBeTypeOf('string');
  });

  it('should answer 404 when updating an event that does not exist, storing nothing', async () => {
    const files = storedFiles(w.t);
    const response = await saveEvent(w, w.as.admin, eventInput({ id: 999_999 }), logo());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.notFound });
    expect(storedFiles(w.t)).toEqual(files);
  });

  it('should update an event and keep its answers', async () => {
    const event = await createEvent(w, { name: 'Alt' });
    expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    const response = await saveEvent(w, w.as.admin, {
      ...eventInput({ id: event.id, name: 'Neu', external: false }),
      eventSubscriptions: [],
    } as never);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: event.id, name: 'Neu', participantCount: 1 });
  });
});

describe('the picture of an event', () => {
  it('should store a PNG and serve it through a signed URL', async () => {
    const event = await createEvent(w, {}, logo());
    expect(event.imagePath).toBe('logo.png');
    expect(event.image).toMatch(/^\/api\/files\/event\/\d{4}\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/);
    const download = await w.t.app.inject({ url: event.image ?? '' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect((await sharp(download.rawPayload).metadata()).format).toBe('png');
  });

  it('should remove the EXIF data of a photo', async () => {
    const original = fixture('images/foto-exif-gps.jpg');
    const event = await createEvent(w, {}, { filename: 'foto.jpg', data: original, type: 'image/jpeg' });
    const download = await w.t.app.inject({ url: event.image ?? '' });
    expect((await sharp(download.rawPayload).metadata()).exif).toBeUndefined();
    expect(download.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it.each([
    ['images/fake.png', 'image/png'],
    ['images/script.svg', 'image/svg+xml'],
    ['images/animiert.gif', 'image/gif'],
    ['docs/merkblatt.pdf', 'application/pdf'],
  ])('should refuse the spoofed or wrong file %s with 415 and store nothing', async (name, type) => {
    const before = await eventCount(w);
    const files = storedFiles(w.t);
    const response = await saveEvent(w, w.as.admin, eventInput(), {
      filename: path.basename(name).replace(/\.\w+$/, '.png'),
      data: fixture(name),
      type,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.imageType });
    expect(await eventCount(w)).toBe(before);
    expect(storedFiles(w.t)).toEqual(files);
  });

  it('should keep the picture without a file, replace it with a new one and remove it with image: null', async () => {
    const event = await createEvent(w, {}, logo());
    const first = keyOf(event.image);

    const kept = await saveEvent(w, w.as.admin, eventInput({ id: event.id, image: event.image }));
    expect(kept.statusCode).toBe(200);
    expect(keyOf(kept.json<TEvent>().image)).toBe(first);

    const photo = { filename: 'foto.jpg', data: fixture('images/foto-exif-gps.jpg'), type: 'image/jpeg' };
    const replaced = await saveEvent(w, w.as.admin, eventInput({ id: event.id }), photo);
    expect(replaced.statusCode).toBe(200);
    const second = keyOf(replaced.json<TEvent>().image);
    expect(replaced.json()).toMatchObject({ imagePath: 'foto.jpg' });
    expect(storedFiles(w.t)).toContain(second);
    expect(storedFiles(w.t)).not.toContain(first);

    const removed = await saveEvent(w, w.as.admin, eventInput({ id: event.id, image: null }));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ image: null, imagePath: null });
    expect(storedFiles(w.t)).not.toContain(second);
  });
});

describe('DELETE /api/event/{id}', () => {
  it('should delete the event, its answers and its picture', async () => {
    const event = await createEvent(w, {}, logo());
    expect((await setStatus(w, w.as.mitglied, event.id, 1)).statusCode).toBe(200);
    const key = keyOf(event.image);
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(204);
    expect((await w.t.app.inject({ url: EVENTS_API.byId(event.id), headers: w.as.admin })).statusCode).toBe(
      404,
    );
    expect(storedFiles(w.t)).not.toContain(key);
    const answers = await w.t.database.db
      .selectFrom('eventSubscriptions')
      .selectAll()
      .where('eventId', '=', event.id)
      .execute();
    expect(answers).toEqual([]);
    const again = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as.admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: EVENT_MESSAGES.notFound });
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403 and keep the event', async (user) => {
    const event = await createEvent(w);
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: EVENTS_API.byId(event.id),
      headers: w.as[user],
    });
    expect(response.statusCode).toBe(403);
    expect(await getEvent(w, w.as.admin, event.id)).toMatchObject({ id: event.id });
  });

  it('should refuse a request without token with 401', async () => {
    const event = await createEvent(w, {
      start: new Date(Date.now() + DAY).toISOString(),
      end: new Date(Date.now() + DAY + HOUR).toISOString(),
    });
    expect((await w.t.app.inject({ method: 'DELETE', url: EVENTS_API.byId(event.id) })).statusCode).toBe(401);
  });
});
