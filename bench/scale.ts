/**
 * npm run bench, performance at scale (issue 19 point 1): the same calls timed in process through `inject`
 * against the demo data (what the server seeds on a first start) and against the large data set of
 * bench/support/scale-seed.ts (100,000 members, 10,000 posts, 1,000 events with 50 answers each, a 5,000-post
 * thread, 2,000 media files, a 20,000-row table), on SQLite and on a throwaway PostgreSQL cluster. The calls
 * are those of the dashboard, the blog list's pages 1 and 500, the events as the web app asks for them (the
 * calendar's month grid, its default on a desktop; the listing without a range, its default on a phone), an
 * event, a thread's first and last page, a media category, a participants CSV, a page of a table's rows and
 * a search; as the member and as the admin where both may make them. Where the demo has no equivalent (no page
 * 500, no 50-answer event) the nearest one is taken and named in the table. The small and the large app
 * alternate, call by call, so that load from elsewhere on the machine hits both alike; each call's large p50
 * may be at most SCALE_BUDGETS.maxRatio times its small p50, the seed of each database has a budget too
 * (bench/budgets.ts), and a miss fails the run.
 * `--only sqlite` or `--only postgres` runs one database; `--calls blog,search` only the calls whose description
 * holds one of the words (the seed and its budget stay).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { SCALE_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { check, type InProcessApp, startInProcessApp } from './support/in-process-app.ts';
import { CALLS, DEEP_PAGE, findTargets, type Role, type Targets } from './support/scale-calls.ts';
import { SCALE, seedScale, settle } from './support/scale-seed.ts';
import { median, percentile } from './support/server-process.ts';

type Kind = 'sqlite' | 'postgres';

/** timed requests per call and data set, after WARM_UP untimed ones */
const ROUNDS = 50;
const WARM_UP = 3;

interface DataSet {
  bench: InProcessApp;
  targets: Targets;
  headers: Record<Role, Record<string, string>>;
}

async function prepare(bench: InProcessApp): Promise<DataSet> {
  const headers = { member: await bench.login('mitglied'), admin: await bench.login('admin') };
  return { bench, headers, targets: await findTargets(bench, headers) };
}

/** One request: its time in ms and the answer's size in bytes; anything but 200 fails the run. */
async function request(
  set: DataSet,
  url: string,
  role: Role,
): Promise<{ ms: number; bytes: number; body: string }> {
  const start = performance.now();
  const response = await set.bench.app.inject({ url, headers: set.headers[role] });
  const ms = performance.now() - start;
  check(
    response.statusCode === 200,
    `GET ${url} as ${role} answered ${response.statusCode} ${response.body}`,
  );
  return { ms, bytes: response.rawPayload.length, body: response.body };
}

/** Every budget checked, by its full description, and whether it was missed. */
const misses: Record<string, boolean> = {};

async function compare(kind: Kind, small: DataSet, large: DataSet): Promise<Record<string, string>[]> {
  const cases = CALLS.filter(
    (call) => callFilter.length === 0 || callFilter.some((word) => call.what.includes(word)),
  ).flatMap((call) => call.roles.map((role) => ({ call, role })));
  const times = cases.map(() => ({ small: [] as number[], large: [] as number[], bytes: [0, 0] }));
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    for (const [index, { call, role }] of cases.entries()) {
      const entry = times[index] as (typeof times)[number];
      for (const [which, set] of [
        ['small', small],
        ['large', large],
      ] as const) {
        const url = call.url(set.targets, role);
        const { ms, bytes, body } = await request(set, url, role);
        if (round === 0) {
          check(call.expect?.(body, set.targets, role) ?? true, `${kind} ${which}: GET ${url} as ${role}`);
        }
        if (round >= WARM_UP) entry[which].push(ms);
        entry.bytes[which === 'small' ? 0 : 1] = bytes;
      }
    }
  }
  const ms = (value: number) => value.toFixed(1);
  const kb = (value: number) => (value / 1024).toFixed(1);
  return cases.map(({ call, role }, index) => {
    const entry = times[index] as (typeof times)[number];
    const [smallSorted, largeSorted] = [entry.small, entry.large].map((list) =>
      [...list].sort((a, b) => a - b),
    );
    const smallP50 = median(smallSorted ?? []);
    const largeP50 = median(largeSorted ?? []);
    const ratio = largeP50 / smallP50;
    const name = `${kind} ${call.what} (${role})`;
    misses[
      `${name} p50 ${ms(smallP50)} → ${ms(largeP50)} ms, ${ratio.toFixed(1)}× (budget ${SCALE_BUDGETS.maxRatio}×)`
    ] = ratio > SCALE_BUDGETS.maxRatio;
    const holds = call.holds ? `${call.holds(small.targets, role)} → ${call.holds(large.targets, role)}` : '';
    return {
      db: kind,
      call: call.what,
      role,
      'small → large': holds,
      'small p50': ms(smallP50),
      'large p50': ms(largeP50),
      ratio: ratio.toFixed(1),
      'small p95': ms(percentile(smallSorted ?? [], 95)),
      'large p95': ms(percentile(largeSorted ?? [], 95)),
      KB: `${kb(entry.bytes[0] ?? 0)} → ${kb(entry.bytes[1] ?? 0)}`,
      budget: `≤ ${SCALE_BUDGETS.maxRatio}`,
    };
  });
}

/** The demo data and the large data, each in an app of its own (on PostgreSQL: a cluster of its own). */
async function onDatabase(kind: Kind): Promise<{ rows: Record<string, string>[]; seeded: string }> {
  const clusters =
    kind === 'postgres'
      ? [await startCluster({ database: 'portal_small' }), await startCluster({ database: 'portal_large' })]
      : [];
  const env = (index: number): Record<string, string> => ({
    // rebuilding the index of the large data in one go takes longer than a request may
    DATABASE_STATEMENT_TIMEOUT_SECONDS: '600',
    // the queries are timed, not answers kept in memory (bench/run.ts measures those)
    ANSWER_CACHE_MS: '0',
    ...(clusters[index] ? { DATABASE_URL: clusters[index].url } : {}),
  });
  const apps: InProcessApp[] = [];
  try {
    const small = await startInProcessApp(env(0), { demoContent: true });
    apps.push(small);
    await settle(small);
    const large = await startInProcessApp(env(1), { demoContent: true });
    apps.push(large);
    const start = performance.now();
    const steps = await seedScale(large);
    const seedMs = performance.now() - start;
    const parts = Object.entries(steps).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
    const seeded = `${kind}: the large data set written and indexed in ${(seedMs / 1000).toFixed(1)} s (${parts.join(', ')})`;
    console.log(seeded);
    const limit = SCALE_BUDGETS.seedMaxMs;
    misses[`${kind}: the large data set took ${(seedMs / 1000).toFixed(1)} s (budget ${limit / 1000} s)`] =
      seedMs > limit;
    const largeSet = await prepare(large);
    check(
      largeSet.targets.blogPages.member >= DEEP_PAGE &&
        largeSet.targets.event.answers === SCALE.answersPerEvent,
      `${kind}: the large set has a page ${DEEP_PAGE} and an event with ${SCALE.answersPerEvent} answers`,
    );
    return { rows: await compare(kind, await prepare(small), largeSet), seeded };
  } finally {
    for (const app of apps) await app.close();
    for (const cluster of clusters) await cluster.destroy();
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' }, calls: { type: 'string' } } });
const callFilter = (values.calls ?? '').split(',').filter((word) => word !== '');
const kinds: Kind[] =
  values.only === 'sqlite' || values.only === 'postgres' ? [values.only] : ['sqlite', 'postgres'];
const results = new Map<Kind, { rows: Record<string, string>[]; seeded: string }>();
for (const kind of kinds) results.set(kind, await onDatabase(kind));

console.log(
  `Demo data next to ${SCALE.members.toLocaleString('en')} members, ${SCALE.posts.toLocaleString('en')} posts, ` +
    `${SCALE.events.toLocaleString('en')} events with ${SCALE.answersPerEvent} answers, a ` +
    `${SCALE.threadPosts.toLocaleString('en')}-post thread, ${SCALE.mediaFiles.toLocaleString('en')} media files ` +
    `and a ${SCALE.tableRows.toLocaleString('en')}-row table: p50 and p95 of ${ROUNDS} requests in ms, ` +
    `answer sizes in KB (where the demo has no page ${DEEP_PAGE} or no ${SCALE.answersPerEvent}-answer event, ` +
    `its nearest: see 'small → large'):`,
);
console.table([...results.values()].flatMap((result) => result.rows));
for (const result of results.values())
  console.log(`${result.seeded}, budget ${SCALE_BUDGETS.seedMaxMs / 1000} s`);
reportMisses(misses);
