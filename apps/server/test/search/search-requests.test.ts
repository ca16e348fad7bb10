import { MESSAGES, SEARCH_API, SEARCH_MESSAGES, ZSearchType } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const get = (query: string, headers = w.as.mitglied) =>
  w.app.inject({ url: `${SEARCH_API.search}?${query}`, headers });

describe('GET /api/search: requests', () => {
  it('should refuse a request without token with 401', async () => {
    const response = await w.app.inject({ url: `${SEARCH_API.search}?q=glas` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.unauthorized });
  });

  it('should refuse a missing, too short or too long q with 400 and a German detail', async () => {
    const cases: [string, string][] = [
      ['', SEARCH_MESSAGES.tooShort],
      ['q=g', SEARCH_MESSAGES.tooShort],
      ['q=%20g%20%20', SEARCH_MESSAGES.tooShort],
      [`q=${'g'.repeat(201)}`, SEARCH_MESSAGES.tooLong],
    ];
    for (const [query, detail] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ detail: string }>().detail, query).toBe(detail);
    }
    expect((await get(`q=${'g'.repeat(200)}`)).statusCode).toBe(200);
    expect((await get('q=gl')).statusCode).toBe(200);
  });

  it('should refuse a bad type, offset or limit with 400 and a German detail', async () => {
    const cases: [string, string][] = [
      ['q=glas&type=news', 'Unbekannte Art von Treffern.'],
      ['q=glas&offset=-1', SEARCH_MESSAGES.badOffset],
      ['q=glas&offset=eins', SEARCH_MESSAGES.badOffset],
      ['q=glas&limit=0', SEARCH_MESSAGES.badLimit],
      ['q=glas&limit=51', SEARCH_MESSAGES.badLimit],
      ['q=glas&limit=2.5', SEARCH_MESSAGES.badLimit],
    ];
    for (const [query, detail] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ detail: string }>().detail, query).toBe(detail);
    }
  });

  it('should answer every role, with zero counts for every type when nothing matches', async () => {
    for (const headers of [w.as.partner, w.as.mitglied, w.as.admin]) {
      const response = await get('q=Nichtvorhandenes', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        total: 0,
        counts: Object.fromEntries(ZSearchType.options.map((type) => [type, 0])),
        capped: [],
        hits: [],
      });
    }
  });

  it('should be described in the OpenAPI document', async () => {
    const response = await w.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{
      paths: Record<string, { get?: { description?: string; parameters?: { name: string }[] } }>;
    }>();
    const operation = paths[SEARCH_API.search]?.get;
    expect(operation?.description).toContain('<mark>');
    expect(operation?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'limit',
      'offset',
      'q',
      'type',
    ]);
  });
});
