/**
 * npm run bench, memory (issue 19 point 5): the server in a child process, as `npm start` runs it (with the
 * environment and node options of its start script), on the large
 * data set of bench/support/scale-seed.ts, answers 100,000 requests that mix the calls of bench/scale.ts
 * (dashboard, blog pages, events, an event, a long thread's pages, a media category, a participants CSV,
 * table rows, a search) as a member and as an admin, 10 at a time (started through
 * bench/support/server-with-memory.ts, which reports its V8 heap besides). Its resident memory (RSS) afterwards may be
 * at most MEMORY_BUDGETS.rssMaxMb, on SQLite and on PostgreSQL. The peak during the run is printed besides.
 * `--requests N` sends fewer (a quick look); `--only sqlite|postgres` runs one database.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { MEMORY_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { startInProcessApp } from './support/in-process-app.ts';
import { CALLS, findTargets, type Role, type Targets } from './support/scale-calls.ts';
import { seedScale } from './support/scale-seed.ts';
import { loginPair, startCommand, startServerProcess } from './support/server-process.ts';

type Kind = 'sqlite' | 'postgres';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '100000' }, only: { type: 'string' } },
});
const REQUESTS = Number(values.requests);
const SERVER = path.join(import.meta.dirname, '../apps/server/src/main.ts');
/** main.ts, reporting its V8 heap on SIGUSR2 */
const WRAPPER = path.join(import.meta.dirname, 'support/server-with-memory.ts');

/** The process's resident memory now and at its peak, and the part not backed by files, in MB, from /proc. */
function memoryOf(pid: number): { rssMb: number; peakMb: number; anonMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024, anonMb: kb('RssAnon') / 1024 };
}

/** The server's V8 heap (total and used) and external memory in MB, as it reports it on SIGUSR2. */
async function heapOf(
  pid: number,
  reportFile: string,
): Promise<{ totalMb: number; usedMb: number; externalMb: number }> {
  rmSync(reportFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  while (!existsSync(reportFile)) await delay(20);
  await delay(20);
  const usage = JSON.parse(readFileSync(reportFile, 'utf8')) as NodeJS.MemoryUsage;
  return {
    totalMb: usage.heapTotal / 1048576,
    usedMb: usage.heapUsed / 1048576,
    externalMb: usage.external / 1048576,
  };
}

/** Seeds the large data set into `dataDir` (and the cluster's database) with the app in this process. */
async function seed(env: Record<string, string>): Promise<Targets> {
  const bench = await startInProcessApp(
    { ...env, DATABASE_STATEMENT_TIMEOUT_SECONDS: '600' },
    { demoContent: true },
  );
  try {
    await seedScale(bench);
    return await findTargets(bench, {
      member: await bench.login('mitglied'),
      admin: await bench.login('admin'),
    });
  } finally {
    await bench.close();
  }
}

async function onDatabase(kind: Kind): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-memory-'));
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_memory' }) : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(cluster ? { DATABASE_URL: cluster.url } : {}),
  };
  try {
    const targets = await seed(env);
    const reportFile = path.join(dataDir, 'memory.json');
    const start = startCommand();
    const server = await startServerProcess({
      script: WRAPPER,
      nodeArgs: start.nodeArgs,
      dataDir,
      env: { ...start.env, ...env, MEMORY_REPORT_FILE: reportFile },
    });
    try {
      const pid = server.child.pid ?? 0;
      const headers: Record<Role, Record<string, string>> = {
        member: { authorization: `Bearer ${(await loginPair(server.url, 'mitglied')).token}` },
        admin: { authorization: `Bearer ${(await loginPair(server.url, 'admin')).token}` },
      };
      const requests = CALLS.flatMap((call) =>
        call.roles.map((role) => ({
          method: 'GET' as const,
          path: call.url(targets, role),
          headers: headers[role],
        })),
      );
      const before = memoryOf(pid);
      const result = await autocannon({ url: server.url, requests, amount: REQUESTS, connections: 10 });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${kind}: ${result.non2xx} answers other than 2xx, ${result.errors} errors`);
      }
      const after = memoryOf(pid);
      const heap = await heapOf(pid, reportFile);
      const sent = result.requests.total;
      misses[
        `${kind}: RSS ${after.rssMb.toFixed(0)} MB after ${sent} requests (budget ${MEMORY_BUDGETS.rssMaxMb} MB)`
      ] = after.rssMb > MEMORY_BUDGETS.rssMaxMb;
      return {
        db: kind,
        requests: String(sent),
        calls: String(requests.length),
        'req/s': result.requests.average.toFixed(0),
        'RSS before MB': before.rssMb.toFixed(0),
        'RSS after MB': after.rssMb.toFixed(0),
        'peak MB': after.peakMb.toFixed(0),
        'anonymous MB': after.anonMb.toFixed(0),
        'V8 heap MB (used)': `${heap.totalMb.toFixed(0)} (${heap.usedMb.toFixed(0)})`,
        'external MB': heap.externalMb.toFixed(0),
        budget: `≤ ${MEMORY_BUDGETS.rssMaxMb}`,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const misses: Record<string, boolean> = {};
const kinds: Kind[] =
  values.only === 'sqlite' || values.only === 'postgres' ? [values.only] : ['sqlite', 'postgres'];
const rows: Record<string, string>[] = [];
for (const kind of kinds) rows.push(await onDatabase(kind));
const { env: startEnv, nodeArgs } = startCommand();
const started = [...Object.entries(startEnv).map(([key, value]) => `${key}=${value}`), 'node', ...nodeArgs];
console.log(
  `The server (${started.join(' ')} ${path.relative(process.cwd(), SERVER)}, as npm start runs it) on the large data set, after ${REQUESTS.toLocaleString('en')} requests mixing the calls of bench/scale.ts:`,
);
console.table(rows);
reportMisses(misses);
