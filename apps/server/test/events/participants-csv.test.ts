import { EVENT_MESSAGES, EVENTS_API, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../helpers/builders.ts';
import { buildAnswer, buildEvent, buildWaiting } from '../helpers/builders-events.ts';
import { userId } from '../helpers/factories.ts';
import { createEventWorld, type EventWorld } from './event-helpers.ts';

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
  const people = [
    { username: 'Jürgen Weiß', email: 'juergen@glas.example', company: 'Glas & Söhne; Köln' },
    { username: '=SUMME(A1)', email: '@x', company: '+49 211 123456' },
    { username: 'zoë', email: 'zoe@glas.example', company: '-x' },
    { username: 'vollbreit', email: 'vollbreit@glas.example', company: '＝SUMME(A1)' },
    { username: 'unsichtbar', email: 'unsichtbar@glas.example', company: '\u200B|calc' },
  ];
  for (const person of people) await buildUser(w, person);
});
afterAll(() => w.t.close());

const csvUrl = (id: number) => EVENTS_API.participantsCsv(id);
/** When the answers were given: 10:30 in Berlin (winter time). */
const ANSWERED = '2026-01-15T09:30:00.000Z';
const ANSWERED_BERLIN = '15.01.2026, 10:30';
/** `username` answers the event: true attends (with `guests` companions). */
const answer = async (username: string, eventId: number, status: boolean, guests = 0) =>
  buildAnswer(w, { eventId, userId: await userId(w, username), status, guests, at: ANSWERED });

describe('GET /api/eventSubscription/participantsAsCsv/{eventId}', () => {
  it('should answer UTF-8 with BOM, `;` and CRLF, accepted first, formula cells escaped', async () => {
    const event = await buildEvent(w, { name: 'Glastage Köln 2026: Ausstellung & Vorträge' });
    await answer('zoë', event.id, false);
    await answer('mitglied', event.id, true);
    await answer('=SUMME(A1)', event.id, true);
    await answer('Jürgen Weiß', event.id, true, 2);

    const response = await w.t.app.inject({ url: csvUrl(event.id), headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="teilnehmer-glastage-koeln-2026-ausstellung-vortraege.csv"; ' +
        "filename*=UTF-8''teilnehmer-glastage-k%C3%B6ln-2026-ausstellung-vortr%C3%A4ge.csv",
    );
    const expected = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          'Name;E-Mail;Firma;Status;Begleitpersonen;Antwort am',
          `"'=SUMME(A1)";"'@x";"'+49 211 123456";Zugesagt;0;${ANSWERED_BERLIN}`,
          `Jürgen Weiß;juergen@glas.example;"Glas & Söhne; Köln";Zugesagt;2;${ANSWERED_BERLIN}`,
          `mitglied;mitglied@glaserei.example;Glaserei Beispiel GmbH;Zugesagt;0;${ANSWERED_BERLIN}`,
          `zoë;zoe@glas.example;"'-x";Abgesagt;0;${ANSWERED_BERLIN}`,
          '',
        ].join('\r\n'),
        'utf8',
      ),
    ]);
    expect(response.rawPayload.toString('hex')).toBe(expected.toString('hex'));
    // the umlauts are UTF-8 bytes: ü = C3 BC, ß = C3 9F, ë = C3 AB
    expect(response.rawPayload.includes(Buffer.from([0x4a, 0xc3, 0xbc, 0x72]))).toBe(true);
  });

  it('should escape full-width signs and formulas behind a zero-width space (issue 30)', async () => {
    const event = await buildEvent(w, { name: 'Formeln' });
    await answer('vollbreit', event.id, true);
    await answer('unsichtbar', event.id, true);
    const response = await w.t.app.inject({ url: csvUrl(event.id), headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(
      [
        '\uFEFFName;E-Mail;Firma;Status;Begleitpersonen;Antwort am',
        `unsichtbar;unsichtbar@glas.example;"'\u200B|calc";Zugesagt;0;${ANSWERED_BERLIN}`,
        `vollbreit;vollbreit@glas.example;"'＝SUMME(A1)";Zugesagt;0;${ANSWERED_BERLIN}`,
        '',
      ].join('\r\n'),
    );
  });

  it('should answer only the header for an event without answers', async () => {
    const event = await buildEvent(w, { name: '!!!' });
    const response = await w.t.app.inject({ url: csvUrl(event.id), headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('\uFEFFName;E-Mail;Firma;Status;Begleitpersonen;Antwort am\r\n');
    expect(response.headers['content-disposition']).toContain(
      `filename="teilnehmer-veranstaltung-${event.id}.csv"`,
    );
  });

  it('should list the waiting list by position between the accepted and the declined (issue 35)', async () => {
    const event = await buildEvent(w, {
      name: 'Seminar',
      maxParticipants: 1,
      waitingList: true,
      maxGuests: 2,
    });
    await answer('zoë', event.id, false);
    await answer('mitglied', event.id, true);
    await buildWaiting(w, {
      eventId: event.id,
      userId: await userId(w, 'vollbreit'),
      guests: 1,
      at: ANSWERED,
    });
    await buildWaiting(w, {
      eventId: event.id,
      userId: await userId(w, 'Jürgen Weiß'),
      at: '2026-07-01T16:05:00Z',
    });
    const response = await w.t.app.inject({ url: csvUrl(event.id), headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.body.split('\r\n').slice(1)).toEqual([
      `mitglied;mitglied@glaserei.example;Glaserei Beispiel GmbH;Zugesagt;0;${ANSWERED_BERLIN}`,
      `vollbreit;vollbreit@glas.example;"'＝SUMME(A1)";Warteliste (Platz 1);1;${ANSWERED_BERLIN}`,
      'Jürgen Weiß;juergen@glas.example;"Glas & Söhne; Köln";Warteliste (Platz 2);0;01.07.2026, 18:05',
      `zoë;zoe@glas.example;"'-x";Abgesagt;0;${ANSWERED_BERLIN}`,
      '',
    ]);
  });

  it('should refuse the list of an external event with 409', async () => {
    const event = await buildEvent(w, { external: true });
    const response = await w.t.app.inject({ url: csvUrl(event.id), headers: w.as.admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.externalNoParticipants });
  });

  it('should answer 404 for an unknown event', async () => {
    const response = await w.t.app.inject({ url: csvUrl(999_999), headers: w.as.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: EVENT_MESSAGES.notFound });
  });

  it.each(['mitglied', 'partner'] as const)('should refuse %s with 403', async (user) => {
    const event = await buildEvent(w);
    const response = await w.t.app.inject({ url: csvUrl(event.id), headers: w.as[user] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: MESSAGES.forbidden });
  });

  it('should refuse a request without token with 401', async () => {
    const event = await buildEvent(w);
    expect((await w.t.app.inject({ url: csvUrl(event.id) })).statusCode).toBe(401);
  });
});
