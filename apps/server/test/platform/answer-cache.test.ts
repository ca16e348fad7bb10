import { ADMIN_API, BLOG_API, type TBlog, type TBlogPage } from '@portal/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../src/platform/cache/answer-cache.ts';
import { call } from '../admin/admin-helpers.ts';
import { ahead, createPost, titles } from '../blog/blog-helpers.ts';
import { userId } from '../helpers/factories.ts';
import { createWorld, type World } from '../helpers/world.ts';

/** The dashboard's posts and the blog list (issue 19): kept per audience, never out of date for a write here. */
describe('answers kept in memory', () => {
  let w: World;
  afterEach(() => w.close());

  const list = async (headers: Record<string, string>) =>
    titles((await w.json<TBlogPage>(BLOG_API.list, headers)).items);
  const dashboard = async (headers: Record<string, string>) =>
    titles(await w.json<TBlog[]>(BLOG_API.count(2), headers));
  /** Renames every post through another instance of the server, whose writes this one does not hear of. */
  async function renameElsewhere(title: string): Promise<void> {
    const second = await w.t.secondInstance();
    try {
      await second.database.db.updateTable('blogPosts').set({ title }).execute();
    } finally {
      await second.close();
    }
  }

  it('are kept: a post written by another instance shows only once the answer has expired', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '60000' } });
    await createPost(w, { title: 'Erster Beitrag', displayOnDashboard: true });
    expect(await list(w.as.mitglied)).toEqual(['Erster Beitrag']);
    expect(await dashboard(w.as.mitglied)).toEqual(['Erster Beitrag']);

    const second = await w.t.secondInstance();
    try {
      const saved = await second.app.inject({
        method: 'POST',
        url: BLOG_API.save,
        headers: { ...w.as.admin, 'content-type': 'multipart/form-data; boundary=x' },
        payload: [
          '--x',
          'Content-Disposition: form-data; name="blog"',
          '',
          JSON.stringify({
            title: 'Von nebenan',
            preText: '<p>Kurz.</p>',
            content: '<p>Lang.</p>',
            visibleForUserGroups: [w.groups.mitglieder],
            publishedAt: new Date().toISOString(),
            displayOnDashboard: true,
            tags: [],
          }),
          '--x--',
          '',
        ].join('\r\n'),
      });
      expect(saved.statusCode).toBe(200);
      // This instance has not seen the write: the kept answers still hold (up to ANSWER_CACHE_MS).
      expect(await list(w.as.mitglied)).toEqual(['Erster Beitrag']);
      expect(await dashboard(w.as.mitglied)).toEqual(['Erster Beitrag']);
      // The instance that wrote answers with it at once.
      const there = await second.app.inject({ url: BLOG_API.list, headers: w.as.mitglied });
      expect(titles(there.json<TBlogPage>().items)).toEqual(['Von nebenan', 'Erster Beitrag']);
    } finally {
      await second.close();
    }
  });

  it('show a write by another instance within ANSWER_CACHE_MS', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '300' } });
    await createPost(w, { title: 'Erster Beitrag' });
    expect(await list(w.as.mitglied)).toEqual(['Erster Beitrag']);
    await renameElsewhere('Umbenannt');
    await expect.poll(() => list(w.as.mitglied), { timeout: 5_000 }).toEqual(['Umbenannt']);
  });

  it('are dropped at once by a save, a delete and any write through this instance', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '60000' } });
    const first = await createPost(w, { title: 'Erster Beitrag', displayOnDashboard: true });
    expect(await dashboard(w.as.mitglied)).toEqual(['Erster Beitrag']);
    await createPost(w, { title: 'Zweiter Beitrag', displayOnDashboard: true });
    expect(await dashboard(w.as.mitglied)).toEqual(['Zweiter Beitrag', 'Erster Beitrag']);
    expect(await list(w.as.mitglied)).toEqual(['Zweiter Beitrag', 'Erster Beitrag']);

    const removed = await w.app.inject({
      method: 'DELETE',
      url: BLOG_API.byId(first.id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await list(w.as.mitglied)).toEqual(['Zweiter Beitrag']);

    // A job, the CLI code or a test writing through this instance's database, outside any request.
    await w.app.database.db.updateTable('blogPosts').set({ title: 'Umbenannt' }).execute();
    expect(await list(w.as.mitglied)).toEqual(['Umbenannt']);
    expect(await dashboard(w.as.mitglied)).toEqual(['Umbenannt']);
  });

  it('are kept through writes that no kept answer reads (read markers, mails, sessions)', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '60000' } });
    await createPost(w, { title: 'Erster Beitrag' });
    expect(await list(w.as.mitglied)).toEqual(['Erster Beitrag']);
    await renameElsewhere('Umbenannt');
    await w.app.database.db.deleteFrom('mailOutbox').execute();
    await w.app.database.db.deleteFrom('forumThreadReaders').execute();
    expect(await list(w.as.mitglied)).toEqual(['Erster Beitrag']);
    await w.app.database.db.deleteFrom('blogPostTags').execute();
    expect(await list(w.as.mitglied)).toEqual(['Umbenannt']);
  });

  it('hear of writes by table; raw SQL that reads is no write, raw SQL that writes may write anything', async () => {
    w = await createWorld();
    const heard: (readonly string[] | undefined)[] = [];
    w.app.database.onWrite((tables) => heard.push(tables));
    const { db } = w.app.database;
    await db.selectFrom('blogPosts').select('id').execute();
    await sql`select count(*) from blog_posts`.execute(db);
    await sql`with recent as (select id from blog_posts) select * from recent`.execute(db);
    expect(heard).toEqual([]);
    await db.updateTable('settings').set({ value: 'x' }).where('key', '=', 'nichts').execute();
    await db.deleteFrom('mailOutbox').execute();
    await sql`delete from mail_outbox`.execute(db);
    expect(heard).toEqual([['settings'], ['mail_outbox'], undefined]);
  });

  it('are kept per audience: groups, internal groups and admins each get their own', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '60000' } });
    await createPost(w, { title: 'Für Mitglieder' });
    await createPost(w, { title: 'Für die Geschäftsführung', visibleForUserGroups: [w.groups.gf] });
    await createPost(w, { title: 'Geplant', publishedAt: ahead(60 * 60 * 1000) });
    for (let round = 0; round < 2; round += 1) {
      expect(await list(w.as.mitglied)).toEqual(['Für Mitglieder']);
      expect(await list(w.as.partner)).toEqual([]);
      expect(titles((await w.json<TBlogPage>(`${BLOG_API.list}?ceo=true`, w.as.chef)).items)).toEqual([
        'Für die Geschäftsführung',
      ]);
      expect(await list(w.as.admin)).toEqual(['Geplant', 'Für Mitglieder']);
    }
  });

  it('follow a member into a new group at once', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '60000' } });
    await createPost(w, { title: 'Für Partner', visibleForUserGroups: [w.groups.partner] });
    expect(await list(w.as.mitglied)).toEqual([]);
    const changed = await call(w, 'PATCH', ADMIN_API.member(await userId(w, 'mitglied')), w.as.admin, {
      groups: [w.groups.mitglieder, w.groups.partner],
    });
    expect(changed.statusCode).toBe(200);
    expect(await list(w.as.mitglied)).toEqual(['Für Partner']);
  });

  it('show a scheduled post within ANSWER_CACHE_MS of its time', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '300' } });
    await createPost(w, { title: 'Gleich', publishedAt: ahead(1_000) });
    expect(await list(w.as.mitglied)).toEqual([]);
    await expect.poll(() => list(w.as.mitglied), { timeout: 5_000 }).toEqual(['Gleich']);
  });

  it('are not kept with ANSWER_CACHE_MS=0', async () => {
    w = await createWorld({ env: { ANSWER_CACHE_MS: '0' } });
    await createPost(w, { title: 'Erster Beitrag' });
    expect(await list(w.as.mitglied)).toEqual(['Erster Beitrag']);
    await renameElsewhere('Umbenannt');
    expect(await list(w.as.mitglied)).toEqual(['Umbenannt']);
  });
});

describe('createAnswerCache', () => {
  /** A route that counts its runs; each run waits for `release` when a test holds it. */
  async function countingApp(ttlMs: number, maxTotalLength?: number) {
    const cache = createAnswerCache({ ttlMs, maxEntries: 2, ...(maxTotalLength ? { maxTotalLength } : {}) });
    const app = Fastify();
    cache.register(app);
    const state = { runs: 0, hold: undefined as Promise<void> | undefined };
    app.get('/:id', { config: { answerCache: () => 'alle' } }, async (request, reply) => {
      state.runs += 1;
      await state.hold;
      const { id } = request.params as { id: string };
      if (id === 'fehler') return reply.status(404).send({ detail: 'Nicht gefunden.' });
      return { id, run: state.runs };
    });
    app.post('/:id', async (_request, reply) => reply.status(204).send());
    return { cache, app, state };
  }

  it('answers from memory until something changes', async () => {
    const { cache, app, state } = await countingApp(60_000);
    expect((await app.inject('/a')).json()).toEqual({ id: 'a', run: 1 });
    const kept = await app.inject('/a');
    expect(kept.json()).toEqual({ id: 'a', run: 1 });
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    cache.changed();
    expect((await app.inject('/a')).json()).toEqual({ id: 'a', run: 2 });
    expect(state.runs).toBe(2);
  });

  it('does not keep an answer read while something changed', async () => {
    const { cache, app, state } = await countingApp(60_000);
    let release = () => {};
    state.hold = new Promise((resolve) => {
      release = resolve;
    });
    const reading = app.inject('/a');
    await expect.poll(() => state.runs).toBe(1);
    cache.changed();
    release();
    expect((await reading).json()).toEqual({ id: 'a', run: 1 });
    state.hold = undefined;
    expect((await app.inject('/a')).json()).toEqual({ id: 'a', run: 2 });
  });

  it('keeps only 200 answers, a few at most, and forgets after any route that may write', async () => {
    const { app, state, cache } = await countingApp(60_000);
    expect((await app.inject('/fehler')).statusCode).toBe(404);
    expect((await app.inject('/fehler')).statusCode).toBe(404);
    expect(state.runs).toBe(2);
    await app.inject('/a');
    await app.inject('/b');
    await app.inject('/c');
    expect(cache.size).toBe(2);
    expect((await app.inject('/a')).json()).toEqual({ id: 'a', run: 6 });
    // No route, nothing written: the answers stay.
    expect((await app.inject({ method: 'PUT', url: '/a' })).statusCode).toBe(404);
    expect(cache.size).toBe(2);
    expect((await app.inject({ method: 'POST', url: '/a' })).statusCode).toBe(204);
    expect(cache.size).toBe(0);
  });

  it('keeps no more characters than allowed, dropping the oldest answers first', async () => {
    const { app, cache } = await countingApp(60_000, 30);
    await app.inject('/a');
    await app.inject('/b');
    expect(cache.size).toBe(1);
    expect((await app.inject('/b')).json()).toEqual({ id: 'b', run: 2 });
  });
});
