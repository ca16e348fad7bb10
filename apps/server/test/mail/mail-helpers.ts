import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type Database } from '../../src/platform/db/database.ts';
import type { MailRunResult, MailWorkerOptions } from '../../src/platform/mail/mail-worker.ts';
import type { BlogWorld } from '../blog/blog-helpers.ts';

/** Runs the worker until a run finds nothing due; returns the sum of the runs. */
export async function drain(app: FastifyInstance, maxRuns = 50): Promise<MailRunResult> {
  const total: MailRunResult = { sent: 0, retried: 0, failed: 0 };
  for (let run = 0; run < maxRuns; run += 1) {
    const result = await app.mailWorker.runOnce();
    total.sent += result.sent;
    total.retried += result.retried;
    total.failed += result.failed;
    if (result.sent + result.retried + result.failed === 0) return total;
  }
  throw new Error('the outbox did not drain');
}

/**
 * Another instance of the server on the same database, through a connection of its own (as after a restart
 * or on a second machine). The caller closes it with close().
 */
export async function secondInstance(
  w: BlogWorld,
  mailWorker: Partial<MailWorkerOptions> = {},
): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  const { database: first, config } = w.t;
  let database: Database;
  if (first.kind === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db);
    const schema = rows[0]?.schema;
    const url = process.env.DATABASE_URL;
    if (!url || !schema) throw new Error('no PostgreSQL schema');
    database = createDatabase({ kind: 'postgres', url, schema });
  } else {
    database = createDatabase(config.database);
  }
  const logStream = new Writable({ write: (_chunk, _encoding, done) => done() });
  const app = await buildApp(config, { database, mailWorker, logStream });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export async function outboxRows(w: BlogWorld) {
  return w.t.database.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();
}
