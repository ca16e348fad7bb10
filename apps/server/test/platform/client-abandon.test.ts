/**
 * A client that closes its connection before the answer cancels the database work its request has not
 * committed (issue 30 point 4), over a real socket. Before, the reply went on and committed for a client that
 * had given up. Two moments to leave: while the reply stores its picture (between the upload ledger's write
 * and the save's transaction, both databases), and while its transaction waits for a lock after its post was
 * written (PostgreSQL; on SQLite a transaction runs without pause, its statements are synchronous).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { FORUM_API, forumPostMediaField } from '@portal/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createForum,
  createForumWorld,
  createThread,
  type ForumWorld,
  forumRows,
  logo,
} from '../forums/forum-helpers.ts';
import { type MultipartFields, multipartBody } from '../helpers/multipart.ts';
import { waitFor } from '../helpers/wait.ts';

const onPostgres = process.env.DATABASE_URL?.startsWith('postgres') === true;

let w: ForumWorld;
let threadId: number;
let port = 0;
beforeAll(async () => {
  w = await createForumWorld();
  threadId = (await createThread(w, (await createForum(w)).id)).id;
  const address = await w.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => w.t.close());

const abandoned = () => w.t.logs().split('PORTAL_REQUEST_ABANDONED').length - 1;

/**
 * Sends a reply over a socket of its own; `waiting` resolves once the server is where the test wants the
 * client to leave. Then the client closes the socket, and once the server has noticed, `release` lets the
 * reply go on. Resolves when the reply gave up.
 */
async function replyAndLeave(
  fields: MultipartFields,
  waiting: () => Promise<void>,
  release: () => Promise<void>,
): Promise<void> {
  const gaveUp = abandoned() + 1;
  const body = await multipartBody({ ...fields, forumThreadId: String(threadId) });
  const arrived = new Promise<ServerResponse>((resolve) =>
    w.app.server.once('request', (_req: IncomingMessage, res: ServerResponse) => resolve(res)),
  );
  const client = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: FORUM_API.savePost,
    headers: { ...w.as.kollege, ...body.headers, 'content-length': String(body.payload.length) },
  });
  client.on('error', () => undefined);
  client.end(body.payload);
  const response = await arrived;
  await waiting();
  const noticed = new Promise((resolve) => response.once('close', resolve));
  client.destroy();
  await noticed;
  await release();
  await waitFor(() => abandoned() >= gaveUp, 'the reply gave up');
}

const post = (content: string) => ({ forumPost: JSON.stringify({ content }) });

describe('a client that leaves while its reply stores a picture', () => {
  it('should leave no reply and no attachment saved', async () => {
    const before = await forumRows(w);
    const put = w.app.storage.put.bind(w.app.storage);
    const stored = Promise.withResolvers<void>();
    const finished = Promise.withResolvers<void>();
    vi.spyOn(w.app.storage, 'put').mockImplementation(async (key, data) => {
      stored.resolve();
      await finished.promise;
      return put(key, data);
    });

    await replyAndLeave(
      { ...post('<p>Mit Foto, das keiner mehr sieht.</p>'), [forumPostMediaField(0)]: logo() },
      () => stored.promise,
      async () => finished.resolve(),
    );
    expect(await forumRows(w)).toEqual(before);
  });
});

describe.runIf(onPostgres)('a client that leaves while its reply waits inside its transaction', () => {
  it('should leave nothing committed', async () => {
    const config = w.t.databaseConfig;
    if (config.kind !== 'postgres') throw new Error('PostgreSQL only');
    const before = await forumRows(w);
    // Another connection locks the search index: the reply's transaction waits after writing its post.
    const other = new pg.Client({ connectionString: config.url, options: `-c search_path=${config.schema}` });
    await other.connect();
    await other.query('begin');
    await other.query('lock table search_documents in share mode');
    let pid = 0;
    const db = w.t.database.db;
    const waitsForLock = async () => {
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%search_documents%'`.execute(db);
      pid = rows[0]?.pid ?? 0;
      return pid !== 0;
    };
    const gone = async () =>
      (await sql`select pid from pg_stat_activity where pid = ${pid}`.execute(db)).rows.length === 0;

    await replyAndLeave(
      post('<p>Antwort, die niemand mehr abwartet.</p>'),
      () => waitFor(waitsForLock, "the reply's transaction waits for the lock"),
      async () => {
        await other.query('rollback');
        await other.end();
      },
    );
    // The reply's connection was closed: its backend ends with the transaction rolled back.
    await waitFor(gone, "the reply's backend ended");
    expect(await forumRows(w)).toEqual(before);
  });
});
