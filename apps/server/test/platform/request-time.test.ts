/**
 * A request has one time limit for its database work, its transaction included (issue 30 point 4). A reply
 * whose write waits on a lock held by another connection, or whose statements cross a network path that
 * holds every packet 2 s, ends at DATABASE_REQUEST_TIMEOUT_SECONDS with the outage's 503 and commits nothing.
 * Before, each statement had a limit of its own: a lock held the request for the 5 s statement (or busy)
 * timeout, and the slow path let a reply run for over 30 s and commit after its client had given up.
 */
import { DatabaseSync } from 'node:sqlite';
import { FORUM_API, MESSAGES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  forumRows,
  savePost,
} from '../forums/forum-helpers.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { type SlowProxy, startSlowProxy } from '../helpers/slow-proxy.ts';
import { waitFor } from '../helpers/wait.ts';
import { metricValue } from './metrics-text.ts';

const LIMIT_SECONDS = 1;
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123';
/** Far below the 5 s each statement could take before, far above the limit on a busy machine. */
const ANSWERED_WITHIN_MS = 4_000;

let w: ForumWorld;
let threadId: number;
beforeAll(async () => {
  w = await createForumWorld({ DATABASE_REQUEST_TIMEOUT_SECONDS: String(LIMIT_SECONDS), METRICS_TOKEN });
  threadId = (await createThread(w, (await createForum(w)).id)).id;
});
afterAll(() => w.t.close());

const reply = { content: '<p>Bei uns half ein neuer Randverbund.</p>' };

/** The requests /metrics counts as ended by a database limit (portal_db_timeouts_total, issue 38), by kind. */
async function timeouts(): Promise<Record<string, number>> {
  const response = await w.t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const kinds = ['statement', 'deadline', 'request', 'lock'];
  return Object.fromEntries(
    kinds.map((kind) => [kind, metricValue(response.body, 'portal_db_timeouts_total', { kind })]),
  );
}

/** Another connection holds what the reply's transaction must write: SQLite's write lock, PostgreSQL's search index. */
async function holdWrites(): Promise<() => Promise<void>> {
  const config = w.t.databaseConfig;
  if (config.kind === 'sqlite') {
    const other = new DatabaseSync(config.file);
    other.exec('begin immediate');
    return async () => {
      other.exec('rollback');
      other.close();
    };
  }
  const other = new pg.Client({ connectionString: config.url, options: `-c search_path=${config.schema}` });
  await other.connect();
  await other.query('begin');
  await other.query('lock table search_documents in share mode');
  return async () => {
    await other.query('rollback');
    await other.end();
  };
}

describe('a request whose write waits on a lock held elsewhere', () => {
  it('should answer 503 with Retry-After at its time limit and commit nothing', async () => {
    const before = await forumRows(w);
    const counted = await timeouts();
    const release = await holdWrites();
    const begin = performance.now();
    const response = await savePost(w, w.as.kollege, threadId, reply).finally(release);
    const ms = performance.now() - begin;

    expect(response.statusCode).toBe(503);
    // Counted for the operator: the request's time ran out (or, on SQLite, the lock outlasted it).
    const after = await timeouts();
    const grown = Object.keys(after).filter((kind) => (after[kind] ?? 0) > (counted[kind] ?? 0));
    expect(grown.length).toBe(1);
    expect(['request', 'lock']).toContain(grown[0]);
    expect(response.json()).toEqual({ detail: MESSAGES.databaseUnavailable });
    expect(response.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(await forumRows(w)).toEqual(before);
    expect((await savePost(w, w.as.kollege, threadId, reply)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.DATABASE_URL?.startsWith('postgres') === true)(
  'a request over a network path that holds every packet 2 s',
  () => {
    let proxy: SlowProxy;
    let slow: { app: FastifyInstance; close: () => Promise<void> };
    let base = '';

    beforeAll(async () => {
      const config = w.t.databaseConfig;
      if (config.kind !== 'postgres') throw new Error('PostgreSQL only');
      const target = new URL(config.url);
      proxy = await startSlowProxy({ host: target.hostname, port: Number(target.port) });
      slow = await w.t.secondInstance({}, { ...config, url: proxy.via(config.url) });
      base = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      // The pool opens its connections while the path is fast: connecting takes several round trips.
      const warm = await fetch(`${base}${FORUM_API.thread(threadId)}`, { headers: w.as.kollege });
      expect(warm.status).toBe(200);
    });
    afterAll(async () => {
      await slow?.close();
      await proxy?.close();
    });

    it('should answer 503 at its time limit and commit nothing', { timeout: 90_000 }, async () => {
      const before = await forumRows(w);
      const body = await multipartBody({ forumPost: JSON.stringify(reply), forumThreadId: String(threadId) });
      proxy.setDelay(2_000);
      const begin = performance.now();
      const response = await fetch(`${base}${FORUM_API.savePost}`, {
        method: 'POST',
        headers: { ...w.as.kollege, ...body.headers },
        body: new Uint8Array(body.payload),
      });
      const ms = performance.now() - begin;

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ detail: MESSAGES.databaseUnavailable });
      expect(response.headers.get('retry-after')).toBe('5');
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
      // Whatever the server sent before it gave up has reached the database.
      await waitFor(() => proxy.held() === 0, 'the proxy passed on what it held', 30_000);
      expect(await forumRows(w)).toEqual(before);
    });
  },
);
