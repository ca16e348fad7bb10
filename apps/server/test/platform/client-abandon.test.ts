/**
 * A client that closes its connection before the answer cancels the database work its request has not
 * committed (issue 30 point 4), over a real socket. Before, the request went on and committed for a client
 * that had given up. Moments to leave: while a reply stores its picture or a table upload the copy of its
 * file (between the first writes and the save's transaction, both databases), and while a reply's transaction
 * waits for a lock after its post was written (PostgreSQL; on SQLite a transaction runs without a pause, its
 * statements are synchronous). What a failed save leaves (staged rows, a hidden item) is cleaned up anyway.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { CONTENT_API, FORUM_API, forumPostMediaField } from '@portal/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory } from '../categories/category-helpers.ts';
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
import { rowCounts } from '../helpers/world.ts';

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
 * Sends a form over a socket of its own; `waiting` resolves once the server is where the test wants the client
 * to leave. Then the client closes the socket, and once the server has noticed, `release` lets the request go
 * on. Resolves when the request gave up.
 */
async function sendAndLeave(
  form: { path: string; headers: Record<string, string>; fields: MultipartFields; fileType?: string },
  waiting: () => Promise<void>,
  release: () => Promise<void>,
): Promise<void> {
  const gaveUp = abandoned() + 1;
  const body = await multipartBody(form.fields, form.fileType);
  const arrived = new Promise<ServerResponse>((resolve) =>
    w.app.server.once('request', (_req: IncomingMessage, res: ServerResponse) => resolve(res)),
  );
  const client = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: form.path,
    headers: { ...form.headers, ...body.headers, 'content-length': String(body.payload.length) },
  });
  client.on('error', () => undefined);
  client.end(body.payload);
  const response = await arrived;
  await waiting();
  const noticed = new Promise((resolve) => response.once('close', resolve));
  client.destroy();
  await noticed;
  await release();
  await waitFor(() => abandoned() >= gaveUp, 'the request gave up');
}

/** Holds the storage's writes until `finish`; `storing` resolves when the first one began. */
function holdStorage() {
  const put = w.app.storage.put.bind(w.app.storage);
  const storing = Promise.withResolvers<void>();
  const finished = Promise.withResolvers<void>();
  vi.spyOn(w.app.storage, 'put').mockImplementation(async (key, data) => {
    storing.resolve();
    await finished.promise;
    return put(key, data);
  });
  return { storing: () => storing.promise, finish: async () => finished.resolve() };
}

const reply = (fields: MultipartFields) => ({
  path: FORUM_API.savePost,
  headers: w.as.kollege,
  fields: { ...fields, forumThreadId: String(threadId) },
});

const post = (content: string) => ({ forumPost: JSON.stringify({ content }) });

describe('a client that leaves while its reply stores a picture', () => {
  it('should leave no reply and no attachment saved', async () => {
    const before = await forumRows(w);
    const storage = holdStorage();
    await sendAndLeave(
      reply({ ...post('<p>Mit Foto, das keiner mehr sieht.</p>'), [forumPostMediaField(0)]: logo() }),
      storage.storing,
      storage.finish,
    );
    expect(await forumRows(w)).toEqual(before);
  });
});

describe('a client that leaves while its table upload stores the copy of its file', () => {
  it('should leave no item, and its staged rows and hidden item removed', async () => {
    const tables = () => rowCounts(w.t, ['contentItems', 'contentItemRows', 'uploadIntents']);
    const before = await tables();
    const category = await createCategory(w, { name: 'Preislisten' });
    const storage = holdStorage();
    await sendAndLeave(
      {
        path: CONTENT_API.save,
        headers: w.as.admin,
        fields: {
          content: JSON.stringify({ title: 'Preisliste', categories: [category] }),
          csvFile: { filename: 'preise.csv', data: 'Nr;Preis\n1;10\n2;20\n' },
        },
        fileType: 'text/csv',
      },
      storage.storing,
      storage.finish,
    );
    // Nobody waits for the cleanup of a request whose client left: it runs on by itself.
    await waitFor(
      async () => JSON.stringify(await tables()) === JSON.stringify(before),
      'the staged rows, the hidden item and the ledger row removed',
    );
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

    await sendAndLeave(
      reply(post('<p>Antwort, die niemand mehr abwartet.</p>')),
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
