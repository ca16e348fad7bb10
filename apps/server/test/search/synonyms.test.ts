import { SEARCH_SYNONYMS_API, SYNONYM_MESSAGES, type TSearchSynonym } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synonymGroups } from '../../src/features/search/index.ts';
import { call, headersOf, REFUSED } from '../admin/admin-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import {
  addGroup,
  deleteSynonyms,
  listSynonyms,
  postSynonyms,
  putSynonyms,
  synonymCounts,
} from './synonyms-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const esgGroup = ['ESG', 'Einscheibensicherheitsglas', 'Einscheiben-Sicherheitsglas'];

describe('GET /api/admin/searchSynonyms', () => {
  it('should list the seeded groups in the order added, with their terms as typed', async () => {
    const list = await listSynonyms(w);
    expect(list[0]).toEqual({ id: list[0]?.id, terms: esgGroup, updatedAt: expect.any(String) });
    expect(list.map((group) => group.terms)).toEqual(await synonymGroups(w.t.database.db));
  });
});

describe('POST /api/admin/searchSynonyms', () => {
  it('should add a group with its terms trimmed, and the engine reads it at once', async () => {
    const response = await postSynonyms(w, { terms: [' Floatglas ', 'Float   Glas'] });
    expect(response.statusCode).toBe(201);
    const group = response.json<TSearchSynonym>();
    expect(group.terms).toEqual(['Floatglas', 'Float Glas']);
    expect(await listSynonyms(w)).toContainEqual(group);
    expect(await synonymGroups(w.t.database.db)).toContainEqual(['Floatglas', 'Float Glas']);
  });

  it.each([
    ['one term', { terms: ['Solo'] }, 'terms', SYNONYM_MESSAGES.tooFew],
    [
      '21 terms',
      { terms: Array.from({ length: 21 }, (_, i) => `Begriff ${i}`) },
      'terms',
      SYNONYM_MESSAGES.tooMany,
    ],
    ['a blank term', { terms: ['Spiegel', '   '] }, 'terms.1', SYNONYM_MESSAGES.termRequired],
    ['a term over 80 characters', { terms: ['A', 'x'.repeat(81)] }, 'terms.1', SYNONYM_MESSAGES.termTooLong],
    ['a term twice', { terms: ['Kante', 'Rand', 'kante'] }, 'terms.2', SYNONYM_MESSAGES.termTwice('kante')],
    ['terms as text', { terms: 'ESG, VSG' }, 'terms', SYNONYM_MESSAGES.termsInvalid],
    ['a term as a number', { terms: ['A', 7] }, 'terms.1', SYNONYM_MESSAGES.termRequired],
    ['no terms', {}, 'terms', SYNONYM_MESSAGES.termsInvalid],
    ['an unknown field', { terms: ['A', 'B'], name: 'x' }, '_', 'Unbekannter Schlüssel: "name"'],
  ])(
    'should refuse %s with 400 and a German message at the field, writing nothing',
    async (_name, body, field, message) => {
      const before = await synonymCounts(w);
      const response = await postSynonyms(w, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
      expect(await synonymCounts(w)).toEqual(before);
    },
  );

  it('should refuse a term spelt twice as the search folds it (ä = ae), at its place', async () => {
    const before = await synonymCounts(w);
    const response = await postSynonyms(w, { terms: ['Wärmebrücke', 'Kältebrücke', 'Waermebruecke'] });
    expect(response.statusCode).toBe(400);
    const message = SYNONYM_MESSAGES.termTwice('Waermebruecke');
    expect(response.json()).toEqual({ detail: message, errors: { 'terms.2': message } });
    expect(await synonymCounts(w)).toEqual(before);
  });

  it('should refuse a term another group holds, naming that group, writing nothing', async () => {
    const before = await synonymCounts(w);
    const response = await postSynonyms(w, { terms: ['Sicherheitsglas', 'esg', 'VSG'] });
    expect(response.statusCode).toBe(400);
    const esg = SYNONYM_MESSAGES.termTaken('esg', esgGroup);
    expect(esg).toBe(
      '„esg“ steht schon in der Gruppe „ESG, Einscheibensicherheitsglas, Einscheiben-Sicherheitsglas“. ' +
        'Ein Begriff kann nur in einer Gruppe stehen.',
    );
    expect(response.json()).toEqual({
      detail: esg,
      errors: {
        'terms.1': esg,
        'terms.2': SYNONYM_MESSAGES.termTaken('VSG', [
          'VSG',
          'Verbundsicherheitsglas',
          'Verbund-Sicherheitsglas',
        ]),
      },
    });
    expect(await synonymCounts(w)).toEqual(before);
  });

  it.each(REFUSED)('should refuse a request %s with %i, writing nothing', async (_name, status, who) => {
    const before = await synonymCounts(w);
    expect((await postSynonyms(w, { terms: ['Eins', 'Zwei'] }, headersOf(w, who))).statusCode).toBe(status);
    expect(await synonymCounts(w)).toEqual(before);
  });
});

describe('PUT /api/admin/searchSynonyms/{id}', () => {
  it('should replace the terms, keeping its own terms in a new order', async () => {
    const group = await addGroup(w, ['Randverbund', 'Dichtung']);
    const response = await putSynonyms(w, group.id, { terms: ['Dichtung', 'Randverbund', 'Versiegelung'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<TSearchSynonym>()).toMatchObject({
      id: group.id,
      terms: ['Dichtung', 'Randverbund', 'Versiegelung'],
    });
    expect(await synonymGroups(w.t.database.db)).toContainEqual(['Dichtung', 'Randverbund', 'Versiegelung']);
  });

  it('should refuse a term of another group and a bad list, changing nothing', async () => {
    const group = await addGroup(w, ['Sprosse', 'Glasteilung']);
    const before = await synonymCounts(w);
    const taken = await putSynonyms(w, group.id, { terms: ['Sprosse', 'GEG'] });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      errors: { 'terms.1': SYNONYM_MESSAGES.termTaken('GEG', ['GEG', 'Gebäudeenergiegesetz']) },
    });
    expect((await putSynonyms(w, group.id, { terms: ['Sprosse'] })).statusCode).toBe(400);
    expect(await synonymCounts(w)).toEqual(before);
    expect((await listSynonyms(w)).find((g) => g.id === group.id)?.terms).toEqual(['Sprosse', 'Glasteilung']);
  });

  it('should answer 404 for a group that does not exist, and 400 for an id that is not one', async () => {
    const response = await putSynonyms(w, 999_999, { terms: ['A', 'B'] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: SYNONYM_MESSAGES.notFound });
    expect((await putSynonyms(w, 'abc', { terms: ['A', 'B'] })).statusCode).toBe(400);
  });

  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    const [first] = await listSynonyms(w);
    const response = await putSynonyms(w, first?.id ?? 1, { terms: ['Eins', 'Zwei'] }, headersOf(w, who));
    expect(response.statusCode).toBe(status);
  });
});

describe('DELETE /api/admin/searchSynonyms/{id}', () => {
  it('should delete the group with its terms, which are free for another group then', async () => {
    const group = await addGroup(w, ['Glaskante', 'Kantenbearbeitung']);
    const response = await deleteSynonyms(w, group.id);
    expect(response.statusCode).toBe(204);
    expect((await listSynonyms(w)).map((g) => g.id)).not.toContain(group.id);
    expect((await deleteSynonyms(w, group.id)).statusCode).toBe(404);
    await addGroup(w, ['Kantenbearbeitung', 'Kantenschliff']);
  });

  it.each(REFUSED)('should refuse a request %s with %i, deleting nothing', async (_name, status, who) => {
    const before = await synonymCounts(w);
    const [first] = await listSynonyms(w);
    expect((await deleteSynonyms(w, first?.id ?? 1, headersOf(w, who))).statusCode).toBe(status);
    expect(await synonymCounts(w)).toEqual(before);
  });
});

describe('GET as another role', () => {
  it.each(REFUSED)('should refuse a request %s with %i', async (_name, status, who) => {
    expect((await call(w, 'GET', SEARCH_SYNONYMS_API.list, headersOf(w, who))).statusCode).toBe(status);
  });
});

describe('the OpenAPI document', () => {
  it('should describe the four routes of the synonym list under the admin tag', async () => {
    const response = await w.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; description?: string; responses?: object }>>;
    }>();
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith(SEARCH_SYNONYMS_API.list))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const),
      );
    expect(operations.map(([name]) => name).sort()).toEqual([
      'delete /api/admin/searchSynonyms/{id}',
      'get /api/admin/searchSynonyms',
      'post /api/admin/searchSynonyms',
      'put /api/admin/searchSynonyms/{id}',
    ]);
    for (const [name, op] of operations) {
      expect(op.tags, name).toEqual(['admin']);
      expect(op.description?.length, name).toBeGreaterThan(40);
      expect(Object.keys(op.responses ?? {}), name).toEqual(expect.arrayContaining(['400', '401', '403']));
    }
  });
});
