/**
 * npm run bench: load benchmarks with autocannon against the real app (SQLite in a temp folder), each next
 * to a bare Fastify route in the same run. Prints requests per second and the ratio, and fails on a budget miss.
 * `node bench/run.ts --seconds 3` shortens each of the alternating measurements (3 rounds).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { seedDemoData } from '../apps/server/src/cli/demo-data.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts';
import { seedBlogPosts } from './blog-posts.ts';
import { BUDGETS } from './budgets.ts';
import { seedLongThread } from './forum-thread.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const duration = Number(values.seconds);
const ROUNDS = 3;
/** posts in the database for the blog scenarios: about a year of news. */
const BLOG_POSTS = 1000;
/** posts of the long forum thread (the 2,000-post thread). */
const THREAD_POSTS = 2000;

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' });
  const database = createDatabase(config.database);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await seedDemoData(app.accounts);
  await seedBlogPosts(database.db, app.accounts, BLOG_POSTS);
  const threadId = await seedLongThread(database.db, app.accounts, THREAD_POSTS);
  const bare = Fastify();
  bare.get('/bare', async () => ({ id: 1, username: 'mitglied', roles: ['ROLE_USER', 'ROLE_PARTNER'] }));

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const linkResponse = await fetch(`${appUrl}/external/generate/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mitglied', password: 'portal-demo' }),
    });
    const { link } = (await linkResponse.json()) as { link: string };
    const token = new URL(link).searchParams.get('token') ?? '';
    const pair = (await (await fetch(`${appUrl}/api/auth/login?token=${token}`)).json()) as { token: string };

    const auth = { authorization: `BEARER ${pair.token}` };
    const scenarios: { name: string; url: string; budget: keyof typeof BUDGETS }[] = [
      { name: 'GET /api/account/profile', url: `${appUrl}/api/account/profile`, budget: 'profile' },
      { name: 'GET /api/blog/count/2', url: `${appUrl}/api/blog/count/2`, budget: 'blogCount' },
      { name: `GET /api/blog/ (page 1 of ${BLOG_POSTS})`, url: `${appUrl}/api/blog/`, budget: 'blogList' },
      {
        name: `GET /api/forumThread/{id} (page 1 of ${THREAD_POSTS} posts)`,
        url: `${appUrl}/api/forumThread/${threadId}`,
        budget: 'forumThread',
      },
    ];

    // Alternate the scenarios with the bare route so that load from elsewhere on the machine hits all alike;
    // report medians, and each ratio against the bare run of the same round.
    const bareRuns: number[] = [];
    const runs = scenarios.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await measure(`${bareUrl}/bare`));
      for (const [index, scenario] of scenarios.entries())
        runs[index]?.push(await measure(scenario.url, auth));
    }
    const rows = [
      { scenario: 'bare Fastify route', 'req/s': Math.round(median(bareRuns)), ratio: '1.00', budget: '' },
    ];
    for (const [index, scenario] of scenarios.entries()) {
      const scenarioRuns = runs[index] ?? [];
      const ratio = median(scenarioRuns.map((rps, i) => rps / (bareRuns[i] ?? rps)));
      const minimum = BUDGETS[scenario.budget].minRatioToBare;
      rows.push({
        scenario: scenario.name,
        'req/s': Math.round(median(scenarioRuns)),
        ratio: ratio.toFixed(2),
        budget: `≥ ${minimum}`,
      });
      if (ratio < minimum) {
        console.error(`Budget missed: ${scenario.name} at ${ratio.toFixed(2)} of the bare route.`);
        process.exitCode = 1;
      }
    }
    console.table(rows);
  } finally {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
