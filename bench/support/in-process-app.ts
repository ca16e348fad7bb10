/**
 * The app in this process on a fresh SQLite database with the demo accounts, for benches that time the
 * server's own work through `inject` or load it from outside with `listen`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CATEGORY_API, type TContentCategory } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { seedDemoData } from '../../apps/server/src/cli/demo-data.ts';
import { loadConfig, type TConfig } from '../../apps/server/src/config.ts';
import { createDatabase, type Database } from '../../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.ts';
import { BENCH_API_KEY } from './server-process.ts';

export interface InProcessApp {
  app: FastifyInstance;
  config: TConfig;
  database: Database;
  /** the bearer header of a demo user, logged in through the website's login link */
  login: (username: string) => Promise<Record<string, string>>;
  close: () => Promise<void>;
}

/**
 * `demoContent` seeds what the server seeds on a first start (categories, pages, news, media, events, forums)
 * besides the demo accounts.
 */
export async function startInProcessApp(
  env: Record<string, string> = {},
  options: { demoContent?: boolean } = {},
): Promise<InProcessApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    EXTERNAL_API_KEY: BENCH_API_KEY,
    ...env,
  });
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await seedDemoData(
    app.accounts,
    options.demoContent ? { db: database.db, storage: app.storage, signer: app.signer } : undefined,
  );
  return {
    app,
    config,
    database,
    login: async (username) => {
      const linkResponse = await app.inject({
        method: 'POST',
        url: '/external/generate/login',
        headers: { authorization: `Bearer ${BENCH_API_KEY}` },
        payload: { username },
      });
      const token = new URL(linkResponse.json<{ link: string }>().link).searchParams.get('token') ?? '';
      const pair = await app.inject({ url: `/api/auth/login?token=${token}` });
      return { authorization: `Bearer ${pair.json<{ token: string }>().token}` };
    },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Steps timed one after the other, each against a budget in milliseconds; misses are collected. */
export function createStopwatch<Step extends string>(budgets: Readonly<Record<Step, number>>) {
  const rows: { step: string; ms: number; budget: string }[] = [];
  const misses: string[] = [];
  return {
    async time<T>(step: Step, run: () => Promise<T>): Promise<T> {
      const start = performance.now();
      const result = await run();
      const ms = Math.round(performance.now() - start);
      rows.push({ step, ms, budget: `≤ ${budgets[step]}` });
      if (ms > budgets[step]) misses.push(`${step} took ${ms} ms (budget ${budgets[step]} ms)`);
      return result;
    },
    /** Prints the table under a title; a missed budget fails the run. */
    report(title: string): void {
      console.log(title);
      console.table(rows);
      for (const miss of misses) console.error(`Budget missed: ${miss}.`);
      if (misses.length > 0) process.exitCode = 1;
    },
  };
}

/** A content category visible to the default groups, created through the API as an admin would; its id. */
export async function createCategory(
  bench: InProcessApp,
  admin: Record<string, string>,
  name: string,
): Promise<number> {
  const form = await bench.app.inject({ url: CATEGORY_API.formData, headers: admin });
  const { defaultUserGroups } = form.json<{ defaultUserGroups: number[] }>();
  const tree = await bench.app.inject({
    method: 'POST',
    url: CATEGORY_API.tree,
    headers: admin,
    payload: { contentCategory: { name, type: 'content', visibleForUserGroups: defaultUserGroups } },
  });
  const id = tree.json<TContentCategory[]>().find((node) => node.name === name)?.id;
  check(id !== undefined, `category ${name} created`);
  return id;
}

/** A check of what the bench got back: wrong answers fail the run, fast or not. */
export function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`wrong answer: ${what}`);
}
