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
import { BUDGETS } from './budgets.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const duration = Number(values.seconds);
const ROUNDS = 3;

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

    // Alternate the two so that load from elsewhere on the machine hits both alike; report medians.
    const bareRuns: number[] = [];
    const profileRuns: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await measure(`${bareUrl}/bare`));
      profileRuns.push(
        await measure(`${appUrl}/api/account/profile`, { authorization: `BEARER ${pair.token}` }),
      );
    }
    const bareRps = median(bareRuns);
    const profileRps = median(profileRuns);
    const ratio = median(profileRuns.map((rps, i) => rps / (bareRuns[i] ?? rps)));
    const rows = [
      { scenario: 'bare Fastify route', 'req/s': Math.round(bareRps), ratio: '1.00', budget: '' },
      {
        scenario: 'GET /api/account/profile',
        'req/s': Math.round(profileRps),
        ratio: ratio.toFixed(2),
        budget: `≥ ${BUDGETS.profile.minRatioToBare}`,
      },
    ];
    console.table(rows);
    if (ratio < BUDGETS.profile.minRatioToBare) {
      console.error(`Budget missed: profile at ${ratio.toFixed(2)} of the bare route.`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await bare.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
