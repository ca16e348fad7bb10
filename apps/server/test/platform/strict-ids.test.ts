import {
  BLOG_API,
  BLOG_MESSAGES,
  COMPANY_MESSAGES,
  EVENT_MESSAGES,
  EVENTS_API,
  FORUM_API,
  ID_MESSAGES,
  PEOPLE_MESSAGES,
} from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../blog/blog-helpers.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createWorld, type World } from '../helpers/world.ts';

/**
 * Every numeric path parameter is digits and nothing else. `Number()` reads `3.`, ` 3`, `03e0` and `1e3` as
 * numbers: a member's link `/%2e%2e/api/blog/sendAsBreakingNews/3.`, which a browser turns into
 * `/api/blog/sendAsBreakingNews/3.`, reached the handler as post 3 (issue 12).
 */
let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
/** Every route with a numeric path parameter: method, path with `{n}`, the detail expected for a bad value. */
const ROUTES: Array<[Method, string, string]> = [
  ['GET', '/api/blog/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/blog/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/blog/sendAsBreakingNews/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/blog/count/{n}', BLOG_MESSAGES.countRange],
  ['POST', '/api/blog/{n}/confirmation', ID_MESSAGES.invalid],
  ['GET', '/api/blog/{n}/confirmations', ID_MESSAGES.invalid],
  ['GET', '/api/blog/{n}/confirmations.csv', ID_MESSAGES.invalid],
  ['POST', '/api/blog/{n}/confirmationReminder', ID_MESSAGES.invalid],
  ['GET', '/api/event/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/event/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/event/{n}/ics', ID_MESSAGES.invalid],
  ['POST', '/api/event/{n}/cancel', ID_MESSAGES.invalid],
  ['DELETE', '/api/event/{n}/participant/{username}', ID_MESSAGES.invalid],
  ['GET', '/api/event/count/{n}', EVENT_MESSAGES.countRange],
  ['GET', '/api/eventSubscription/participantsAsCsv/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/content/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/content/{n}/rows', ID_MESSAGES.invalid],
  ['DELETE', '/api/content/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/contentCategory/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/contentCategory/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/mediaCategory/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/mediaCategory/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/media/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/media/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/forum/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/forum/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/forumThread/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/forumThread/{n}', ID_MESSAGES.invalid],
  ['PUT', '/api/forumThread/{n}/follow', ID_MESSAGES.invalid],
  ['DELETE', '/api/forumPost/{n}', ID_MESSAGES.invalid],
  ['PUT', '/api/forumPost/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/forumPost/{n}/versions', ID_MESSAGES.invalid],
  ['PUT', '/api/forumThread/{n}', ID_MESSAGES.invalid],
  // issue 37: reactions and the @ suggestions
  ['PUT', '/api/forumPost/{n}/reaction', ID_MESSAGES.invalid],
  ['GET', '/api/forumPost/{n}/reactions', ID_MESSAGES.invalid],
  ['GET', '/api/forum/{n}/mentionable', ID_MESSAGES.invalid],
  ['GET', '/api/admin/members/{n}', ID_MESSAGES.invalid],
  ['PATCH', '/api/admin/members/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/admin/members/{n}', ID_MESSAGES.invalid],
  ['PATCH', '/api/admin/groups/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/admin/groups/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/admin/groups/{n}/usage', ID_MESSAGES.invalid],
  ['PUT', '/api/admin/searchSynonyms/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/admin/searchSynonyms/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/companies/{n}', COMPANY_MESSAGES.notFound],
  ['PATCH', '/api/companies/{n}', COMPANY_MESSAGES.notFound],
  ['PUT', '/api/companies/{n}/logo', COMPANY_MESSAGES.notFound],
  ['DELETE', '/api/companies/{n}/logo', COMPANY_MESSAGES.notFound],
  ['GET', '/api/companies/{n}/contacts/1.vcf', COMPANY_MESSAGES.notFound],
  ['DELETE', '/api/admin/companies/{n}', COMPANY_MESSAGES.notFound],
  ['PUT', '/api/admin/companies/{n}/members/1', COMPANY_MESSAGES.notFound],
  ['DELETE', '/api/admin/companies/{n}/members/1', COMPANY_MESSAGES.notFound],
  ['PATCH', '/api/admin/companies/specialties/{n}', ID_MESSAGES.invalid],
  ['DELETE', '/api/admin/companies/specialties/{n}', ID_MESSAGES.invalid],
  ['GET', '/api/people/{n}', PEOPLE_MESSAGES.notFound],
];

/** Routes whose second path parameter is numeric too: the path with `{m}` for it, the detail expected. */
const SECOND: Array<[Method, string, string]> = [
  ['GET', '/api/companies/1/contacts/{m}.vcf', COMPANY_MESSAGES.contactUnknown],
  ['PUT', '/api/admin/companies/1/members/{m}', COMPANY_MESSAGES.memberUnknown],
  ['DELETE', '/api/admin/companies/1/members/{m}', COMPANY_MESSAGES.memberUnknown],
];

/** As they stand in the URL: `%203` arrives as ' 3'; 2147483648 is one more than a PostgreSQL integer holds. */
const BAD = ['3.', '3abc', '%203', '03e0', '-1', '1e3', '0x3', '3.0', '+3', '0', '2147483648'];

const requests = [
  ...ROUTES.map(([method, path, detail]) => [method, path, '{n}', detail] as const),
  ...SECOND.map(([method, path, detail]) => [method, path, '{m}', detail] as const),
].flatMap(([method, path, slot, detail]) =>
  BAD.map((value) => [method, path.replace(slot, value), detail] as const),
);
/** As the OpenAPI document names a route: every parameter after the first stays as it is there. */
const DOCUMENTED: Record<string, string> = {
  '/api/companies/{n}/contacts/1.vcf': '/api/companies/{n}/contacts/{contact}',
  '/api/admin/companies/{n}/members/1': '/api/admin/companies/{n}/members/{userId}',
};

describe('numeric path parameters', () => {
  it('covers every route of the API with a numeric path parameter', async () => {
    const response = await w.t.app.inject({ url: '/api/docs/json' });
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const numeric = Object.entries(paths).flatMap(([path, methods]) =>
      /\{(id|categoryId|eventId|max)\}/.test(path)
        ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{\w+\}/, '{n}')}`)
        : [],
    );
    expect(numeric.sort()).toEqual(
      ROUTES.map(([method, path]) => `${method} ${DOCUMENTED[path] ?? path}`).sort(),
    );
  });

  it.each(requests)('refuses %s %s with 400 and a German detail', async (method, url, detail) => {
    const response = await w.t.app.inject({ method, url, headers: w.as.admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail });
  });

  it('accepts plain digits, leading zeros included', async () => {
    const post = await createPost(w);
    for (const id of [`${post.id}`, `0${post.id}`]) {
      const response = await w.t.app.inject({ url: BLOG_API.byId(id), headers: w.as.admin });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: post.id });
    }
  });
});

describe('breaking news through a normalised link', () => {
  const queued = async (postId: number) => {
    const { rows } = await sql<{
      n: number | string;
    }>`select count(*) as n from mail_outbox where topic = ${`blog:${postId}`}`.execute(w.t.database.db);
    return Number(rows[0]?.n ?? 0);
  };

  it('sends nothing for /api/blog/sendAsBreakingNews/{id}. and queues for the plain id', async () => {
    const post = await createPost(w);
    for (const suffix of ['.', '%2e', '%20', '.0', 'e0']) {
      const response = await w.t.app.inject({
        url: `/api/blog/sendAsBreakingNews/${post.id}${suffix}`,
        headers: w.as.admin,
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await queued(post.id)).toBe(0);

    const sent = await w.t.app.inject({
      url: BLOG_API.breakingNews(post.id),
      headers: w.as.admin,
    });
    expect(sent.statusCode).toBe(202);
    expect(await queued(post.id)).toBeGreaterThan(0);
  });
});

describe('ids in bodies', () => {
  it.each([['3.'], ['3abc'], [' 3'], ['1e0'], [3.5], [true], [[3]], ['']])(
    'refuses the forum thread id %j of a reply with 400',
    async (forumThreadId) => {
      const body = await multipartBody({
        forumPost: JSON.stringify({ content: '<p>Antwort</p>' }),
        forumThreadId: typeof forumThreadId === 'string' ? forumThreadId : JSON.stringify(forumThreadId),
      });
      const response = await w.t.app.inject({
        method: 'POST',
        url: FORUM_API.savePost,
        headers: { ...w.as.admin, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: { forumThreadId: 'Thema ist ein Pflichtfeld.' } });
    },
  );

  it.each([['3.'], ['1e0'], [3.5], [true], [[3]]])(
    'refuses the event id %j of an answer with 400',
    async (id) => {
      const response = await w.t.app.inject({
        method: 'POST',
        url: EVENTS_API.status,
        headers: w.as.admin,
        payload: { event: JSON.stringify({ id }), status: 1 },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: EVENT_MESSAGES.eventIdRequired });
    },
  );

  it.each([[['1e0']], [[' 1']], [[1.5]], [[true]]])(
    'refuses the group ids %j of a post with 400',
    async (visibleForUserGroups) => {
      const body = await multipartBody({
        blog: JSON.stringify({
          title: 'Titel',
          preText: '<p>Kurz</p>',
          content: '<p>Lang</p>',
          publishedAt: new Date().toISOString(),
          visibleForUserGroups,
        }),
      });
      const response = await w.t.app.inject({
        method: 'POST',
        url: BLOG_API.save,
        headers: { ...w.as.admin, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errors: { 'blog.visibleForUserGroups.0': BLOG_MESSAGES.unknownGroup },
      });
    },
  );
});
