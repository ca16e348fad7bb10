/**
 * A second instance of the server whose database takes no writes, as during a failover before the standby is
 * promoted: on PostgreSQL it connects as a role of its own with `default_transaction_read_only` (writes fail
 * with 25006, as on a hot standby), on SQLite its connection is `query_only` (writes fail with
 * SQLITE_READONLY, as on a read-only file). The first instance keeps writing, to set things up and check.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { TestApp } from './test-app.ts';

export interface ReadOnlyInstance {
  app: FastifyInstance;
  logs: () => string;
  close: () => Promise<void>;
}

async function asAdmin(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function openReadOnlyInstance(t: TestApp): Promise<ReadOnlyInstance> {
  const config = t.databaseConfig;
  if (config.kind === 'sqlite') {
    const second = await t.secondInstance();
    await sql`pragma query_only = on`.execute(second.database.db);
    return second;
  }
  // Roles belong to the cluster, which the test files share: one of its own, dropped again.
  const role = `reader_${randomBytes(6).toString('hex')}`;
  await asAdmin(config.url, `create role ${role} login superuser`);
  await asAdmin(config.url, `alter role ${role} set default_transaction_read_only = on`);
  const url = new URL(config.url);
  url.username = role;
  const second = await t.secondInstance({}, { ...config, url: url.toString() });
  return {
    app: second.app,
    logs: second.logs,
    close: async () => {
      await second.close();
      await asAdmin(config.url, `drop role ${role}`);
    },
  };
}
