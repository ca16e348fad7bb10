import {
  ADMIN_COMPANIES_API,
  CONVERSATION_API,
  FORUM_MESSAGES,
  MENTION_SUGGESTIONS_MAX,
  MESSAGES,
  type TMentionables,
  type TRole,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../companies/company-helpers.ts';
import { buildForum } from '../helpers/builders-forums-media.ts';
import type { Headers } from '../helpers/world.ts';
import { createForumWorld, type ForumWorld } from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
const ids: Record<string, number> = {};

async function person(
  username: string,
  names: { firstName?: string; lastName?: string; company?: string; role?: TRole } = {},
) {
  const { id } = await w.t.app.accounts.upsertUser({
    username,
    email: `${username}@mail.example`,
    company: names.company ?? 'Glas GmbH',
    roles: [names.role ?? 'ROLE_USER'],
    groups: ['Mitglieder'],
    firstName: names.firstName,
    lastName: names.lastName,
  });
  ids[username] = id;
  return id;
}

beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await buildForum(w, { name: 'Technik & Normen' })).id;
  await person('emuster', { firstName: 'Erika', lastName: 'Muster', company: 'Glaserei Muster GmbH' });
  await person('pmueller', { firstName: 'Paul', lastName: 'Müller' });
  await person('oezdemir', { firstName: 'Öykü', lastName: 'Özdemir' });
  await person('hmustermann', { firstName: 'Hans', lastName: 'Mustermann', role: 'ROLE_ADMIN' });
  await person('glaspartner', { firstName: 'Erika', lastName: 'Partner', role: 'ROLE_PARTNER' });
  await person('gesperrt', { firstName: 'Erika', lastName: 'Gesperrt' });
  await person('entfernt', { firstName: 'Erika', lastName: 'Entfernt' });
  await person('fenster', { firstName: 'Frank', lastName: 'Fenster', company: 'Alter Firmentext' });
  await w.t.database.db
    .updateTable('users')
    .set({ disabled: true })
    .where('username', '=', 'gesperrt')
    .execute();
  await w.t.database.db
    .updateTable('users')
    .set({ erasedAt: new Date() })
    .where('username', '=', 'entfernt')
    .execute();
  // Frank belongs to the member company 'Fensterbau Süd KG': found and shown by it
  const company = await createCompany(w, { name: 'Fensterbau Süd KG' });
  const linked = await w.t.app.inject({
    method: 'PUT',
    url: ADMIN_COMPANIES_API.member(company.id, ids.fenster ?? 0),
    headers: w.as.admin,
    payload: { function: 'Technik' },
  });
  expect(linked.statusCode).toBe(204);
  await w.t.database.db
    .updateTable('users')
    .set({ photoKey: 'people/foto-frank.jpg' })
    .where('username', '=', 'fenster')
    .execute();
});
afterAll(() => w.t.close());

function suggest(headers: Headers, q: string, forum: number | string = forumId) {
  return w.t.app.inject({
    url: `${CONVERSATION_API.mentionable(forum)}?q=${encodeURIComponent(q)}`,
    headers,
  });
}

async function names(q: string, headers: Headers = w.as.kollege): Promise<string[]> {
  const response = await suggest(headers, q);
  if (response.statusCode !== 200) throw new Error(`mentionable: ${response.statusCode} ${response.body}`);
  return response.json<TMentionables>().people.map((person) => person.name);
}

describe('GET /api/forum/{id}/mentionable', () => {
  it('should suggest by first name, last name, username and company, any case, by name', async () => {
    expect(await names('erika')).toEqual(['Erika Muster']);
    expect(await names('MUST')).toEqual(['Erika Muster', 'Hans Mustermann']);
    expect(await names('pmuel')).toEqual(['Paul Müller']);
    expect(await names('müll')).toEqual(['Paul Müller']);
    expect(await names('öz')).toEqual(['Öykü Özdemir']);
    expect(await names('Glaserei')).toEqual(['Erika Muster']);
    expect(await names('süd')).toEqual(['Frank Fenster']);
  });

  it('should match the start of a word, not its middle, nor an e-mail address', async () => {
    expect(await names('uster')).toEqual([]);
    expect(await names('mail.example')).toEqual([]);
    expect(await names('emuster@')).toEqual([]);
  });

  it('should answer the person with company and photo as the person page does', async () => {
    const response = await suggest(w.as.kollege, 'frank');
    expect(response.statusCode).toBe(200);
    const [frank] = response.json<TMentionables>().people;
    expect(frank).toEqual({
      id: ids.fenster,
      username: 'fenster',
      name: 'Frank Fenster',
      company: 'Fensterbau Süd KG',
      photo: expect.stringMatching(/^\/api\/files\/people\/foto-frank\.jpg\?/),
    });
    const [erika] = (await suggest(w.as.kollege, 'erika')).json<TMentionables>().people;
    expect(erika).toMatchObject({ company: 'Glaserei Muster GmbH', photo: null });
  });

  it('should never suggest a partner, a blocked or erased member, or the caller', async () => {
    expect(await names('erika')).toEqual(['Erika Muster']);
    expect(await names('erika', await w.login('emuster'))).toEqual([]);
    expect(await names('partner')).toEqual([]);
  });

  it(`should answer at most ${MENTION_SUGGESTIONS_MAX}, the first by name also without q`, async () => {
    for (let i = 0; i < MENTION_SUGGESTIONS_MAX + 3; i += 1)
      await person(`viele${i}`, { firstName: 'Viktor', lastName: `Viel ${String.fromCharCode(90 - i)}` });
    const many = await names('vik');
    expect(many).toHaveLength(MENTION_SUGGESTIONS_MAX);
    expect(many[0]).toBe(`Viktor Viel ${String.fromCharCode(90 - MENTION_SUGGESTIONS_MAX - 2)}`);
    expect(await names('')).toHaveLength(MENTION_SUGGESTIONS_MAX);
  });

  it('should refuse a partner with 403 and a request without token with 401', async () => {
    const partner = await suggest(w.as.partner, 'erika');
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toEqual({ detail: MESSAGES.forbidden });
    expect((await suggest({}, 'erika')).statusCode).toBe(401);
  });

  it('should answer 404 for a forum that does not exist and 400 for bad input', async () => {
    const missing = await suggest(w.as.kollege, 'erika', 999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: FORUM_MESSAGES.forumNotFound });
    expect((await suggest(w.as.kollege, 'erika', 'abc')).statusCode).toBe(400);
    const long = await suggest(w.as.kollege, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json<{ detail: string }>().detail).toMatch(/100/);
  });

  it('should take LIKE wildcards as plain characters', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('should be described in the OpenAPI document', async () => {
    const { paths } = (await w.t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { description?: string }>>;
    }>();
    expect(paths['/api/forum/{id}/mentionable']?.get?.description).toContain('first name, last name');
  });
});
