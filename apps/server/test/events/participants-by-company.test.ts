import { EVENTS_API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/company-helpers.ts';
import { TEST_API_KEY } from '../helpers/test-app.ts';
import { createEvent, createEventWorld, type EventWorld, getEvent, setStatus } from './event-helpers.ts';

// The participant list names people by personName() and groups them by company (issue 36 points 5 and 6):
// the member company where a member is in one, else the company text of their row.

let w: EventWorld;
beforeAll(async () => {
  w = await createEventWorld();
});
afterAll(() => w.t.close());

describe('participants by company, with names', () => {
  it('should sort each answer by company, then name, in the JSON and the CSV', async () => {
    const named = await w.app.inject({
      method: 'POST',
      url: '/external/generate/login',
      headers: { authorization: `Bearer ${TEST_API_KEY}` },
      payload: { username: 'mitglied', firstName: 'Max', lastName: 'Beispiel' },
    });
    expect(named.statusCode).toBe(200);
    const company = await createCompany(w, { name: 'Aaa Glas GmbH' });
    const kollegin = (
      await w.t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'kollegin')
        .executeTakeFirstOrThrow()
    ).id;
    await w.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${company.id}/members/${kollegin}`,
      headers: w.as.admin,
      payload: {},
    });
    const event = await createEvent(w, { name: 'Firmentreffen' });
    for (const headers of [w.as.mitglied, w.as.kollegin, w.as.admin])
      expect((await setStatus(w, headers, event.id, 1)).statusCode).toBe(200);

    const read = await getEvent(w, w.as.admin, event.id);
    expect(read.eventSubscriptions.map((s) => [s.user.company, s.user.name])).toEqual([
      ['Aaa Glas GmbH', 'kollegin'],
      ['Glaserei Beispiel GmbH', 'Max Beispiel'],
      ['Verband Flachglas e. V.', 'admin'],
    ]);
    const csv = await w.app.inject({ url: EVENTS_API.participantsCsv(event.id), headers: w.as.admin });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .slice(1)
      .map((line) => line.split(';').slice(0, 3));
    expect(rows).toEqual([
      ['kollegin', 'kollegin@fensterbau.example', 'Aaa Glas GmbH'],
      ['Max Beispiel', 'mitglied@glaserei.example', 'Glaserei Beispiel GmbH'],
      ['admin', 'admin@verband.example', 'Verband Flachglas e. V.'],
    ]);
  });
});
