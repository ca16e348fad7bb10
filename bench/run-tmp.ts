/**
 * npm run bench: load benchmarks with autocannon against the server as `npm start` runs it (apps/server's start
 * script: its node options and environment, the default info log read through a pipe), in a process of its own,
 * on SQLite in a temp folder; each next to a bare Fastify route, also in a process of its own
 * (bench/support/bare-server.ts, the same node options), measured in pairs. Prints requests per second, the
 * ratio (the median of the pairs' and their spread), the ratio of CPU time per request (a report line) and
 * the server's log lines per request, and fails on a budget miss.
 * `node bench/run.ts --seconds 3` shortens each of the alternating measurements (3 rounds).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedBlogPosts } from './blog-posts.ts';
import { BUDGETS } from './budgets.ts';
import { seedLongThread } from './forum-thread.ts';
import { startInProcessApp } from './support/in-process-app.ts';
import { loginPair, median, startCommand, startServerProcess } from './support/server-process.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const duration = Number(values.seconds);
const ROUNDS = 3;
/** posts in the database for the blog scenarios: about a year of news. */
const BLOG_POSTS = 1000;
/** posts of the long forum thread (the 2,000-post thread). */
const THREAD_POSTS = 2000;
const SERVER = path.join(import.meta.dirname, '../apps/server/src/main.ts');
const BARE = path.join(import.meta.dirname, 'support/bare-server.ts');
/** Linux's clock ticks a second (`getconf CLK_TCK`), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = 100;

/** CPU time (user and system, all threads) a process has used, in µs, from /proc (Linux). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
}

/**
 * Requests per second, how many were answered, and the server's CPU time per request (µs): steadier than
 * throughput on a machine that others share, since waiting for a core costs no CPU time.
 */
async function measure(url: string, pid: number, headers: Record<string, string> = {}) {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const cpuPerRequest = (cpuMicros(pid) - cpuBefore) / result.requests.total;
  return { rps: result.requests.average, answered: result.requests.total, cpuPerRequest };
}

/** Seeds the demo accounts, the blog posts and the long thread into `dataDir`; the thread's id. */
async function seed(dataDir: string): Promise<number> {
  const bench = await startInProcessApp({ DATA_DIR: dataDir });
  try {
    await seedBlogPosts(bench.database.db, bench.app.accounts, BLOG_POSTS);
    return await seedLongThread(bench.database.db, bench.app.accounts, THREAD_POSTS);
  } finally {
    await bench.close();
  }
}

/** Counts the lines a stream carries (the server's log on its stdout, drained as a terminal would). */
function countLines(stream: Readable | null): () => number {
  let lines = 0;
  stream?.on('data', (chunk: Buffer) => {
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  });
  return () => lines;
}

/** The lines counted once the server has written what it still held (its log is written asynchronously). */
async function settledLines(lines: () => number): Promise<number> {
  let last = -1;
  for (let count = lines(); count !== last; count = lines()) {
    last = count;
    await delay(200);
  }
  return last;
}

/** Puts the fixture photo into the media library as an admin would; returns its public address and size. */
async function uploadPhoto(
  appUrl: string,
  headers: Record<string, string>,
): Promise<{ publicPath: string; size: number }> {
  const category = new FormData();
  category.append('mediaCategory', JSON.stringify({ name: 'Bench' }));
  const tree = (await (
    await fetch(`${appUrl}/api/mediaCategory/`, { method: 'POST', headers, body: category })
  ).json()) as { id: number }[];
  const file = new FormData();
  file.append(
    'media',
    JSON.stringify({ name: 'Foto.jpg', category: Math.max(...tree.map((node) => node.id)) }),
  );
  const photo = await readFile(path.join(import.meta.dirname, '../test-fixtures/images/foto-exif-gps.jpg'));
  file.append('file', new Blob([photo], { type: 'image/jpeg' }), 'foto.jpg');
  const response = await fetch(`${appUrl}/api/media/`, { method: 'POST', headers, body: file });
  if (!response.ok) throw new Error(`photo upload failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { publicPath: string; size: number };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-run-'));
  const start = startCommand();
  const stops: (() => Promise<void>)[] = [];
  try {
    const threadId = await seed(dataDir);
    const server = await startServerProcess({
      script: SERVER,
      nodeArgs: start.nodeArgs,
      dataDir,
      // the default level, as `npm start` logs
      env: { ...start.env, LOG_LEVEL: 'info' },
      stdout: 'pipe',
    });
    stops.push(server.stop);
    const logLines = countLines(server.child.stdout);
    const appUrl = server.url;
    const auth = { authorization: `Bearer ${(await loginPair(appUrl, 'mitglied')).token}` };
    const admin = { authorization: `Bearer ${(await loginPair(appUrl, 'admin')).token}` };
    const photo = await uploadPhoto(appUrl, admin);
    const bareFile = path.join(dataDir, 'bare-file.jpg');
    writeFileSync(bareFile, Buffer.from(await (await fetch(`${appUrl}${photo.publicPath}`)).arrayBuffer()));
    const bare = await startServerProcess({
      script: BARE,
      nodeArgs: start.nodeArgs,
      dataDir,
      env: { ...start.env, BARE_FILE: bareFile },
      readyPath: '/bare',
    });
    stops.push(bare.stop);
    const bareUrl = bare.url;
    const baselines = {
      json: { name: 'bare Fastify route (small JSON)', url: `${bareUrl}/bare` },
      file: {
        name: `bare Fastify route (the same ${Math.round(photo.size / 1024)} KB from memory)`,
        url: `${bareUrl}/bare-file`,
      },
    } as const;
    type Baseline = keyof typeof baselines;
    const allScenarios: { name: string; url: string; budget: keyof typeof BUDGETS; baseline?: Baseline }[] = [
      { name: 'GET /api/account/profile', url: `${appUrl}/api/account/profile`, budget: 'profile' },
      { name: 'GET /api/blog/count/2', url: `${appUrl}/api/blog/count/2`, budget: 'blogCount' },
      { name: `GET /api/blog/ (page 1 of ${BLOG_POSTS})`, url: `${appUrl}/api/blog/`, budget: 'blogList' },
      {
        name: `GET /api/forumThread/{id} (page 1 of ${THREAD_POSTS} posts)`,
        url: `${appUrl}/api/forumThread/${threadId}`,
        budget: 'forumThread',
      },
      {
        name: `GET /media-files/{token} (${Math.round(photo.size / 1024)} KB photo)`,
        url: `${appUrl}${photo.publicPath}`,
        budget: 'mediaFile',
        baseline: 'file',
      },
    ];

    const scenarios = allScenarios.filter((s) =>
      (process.env.ONLY ?? 'blogCount').split(',').includes(s.budget),
    );
    // Each scenario runs next to a run of its bare route, their order alternating from round to round, so that
    // load from elsewhere on the machine hits both of a pair alike; the ratio is the median of the pairs'.
    const bareRuns: Record<Baseline, number[]> = { json: [], file: [] };
    const runs = scenarios.map(() => [] as number[]);
    const ratios = scenarios.map(() => [] as number[]);
    const cpuRatios = scenarios.map(() => [] as number[]);
    const appPid = server.child.pid ?? 0;
    const barePid = bare.child.pid ?? 0;
    const linesBefore = await settledLines(logLines);
    let answered = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, scenario] of scenarios.entries()) {
        const baseline = scenario.baseline ?? 'json';
        const pair = { bare: { rps: 0, cpuPerRequest: 0 }, app: { rps: 0, cpuPerRequest: 0 } };
        const bareRun = async () => {
          pair.bare = await measure(baselines[baseline].url, barePid);
        };
        const appRun = async () => {
          const result = await measure(scenario.url, appPid, auth);
          pair.app = result;
          answered += result.answered;
        };
        for (const run of round % 2 === 0 ? [bareRun, appRun] : [appRun, bareRun]) await run();
        bareRuns[baseline].push(pair.bare.rps);
        runs[index]?.push(pair.app.rps);
        ratios[index]?.push(pair.app.rps / pair.bare.rps);
        cpuRatios[index]?.push(pair.bare.cpuPerRequest / pair.app.cpuPerRequest);
      }
    }
    const linesPerRequest = ((await settledLines(logLines)) - linesBefore) / answered;
    type Row = {
      scenario: string;
      'req/s': number;
      ratio: string;
      'pairs (min–max)': string;
      'CPU ratio': string;
      budget: string;
    };
    const rows: Row[] = Object.entries(baselines).map(([key, baseline]) => ({
      scenario: baseline.name,
      'req/s': Math.round(median(bareRuns[key as Baseline])),
      ratio: '1.00',
      'pairs (min–max)': '',
      'CPU ratio': '1.00',
      budget: '',
    }));
    for (const [index, scenario] of scenarios.entries()) {
      const scenarioRatios = ratios[index] ?? [];
      const ratio = median(scenarioRatios);
      const minimum = BUDGETS[scenario.budget].minRatioToBare;
      rows.push({
        scenario: scenario.name,
        'req/s': Math.round(median(runs[index] ?? [])),
        ratio: ratio.toFixed(2),
        'pairs (min–max)': `${Math.min(...scenarioRatios).toFixed(2)}–${Math.max(...scenarioRatios).toFixed(2)}`,
        'CPU ratio': median(cpuRatios[index] ?? []).toFixed(2),
        budget: `≥ ${minimum}`,
      });
      if (ratio < minimum) {
        console.error(`Budget missed: ${scenario.name} at ${ratio.toFixed(2)} of the bare route.`);
        process.exitCode = 1;
      }
    }
    const started = [...Object.entries(start.env).map(([key, value]) => `${key}=${value}`), 'node'];
    console.log(
      `The server as npm start runs it (${[...started, ...start.nodeArgs].join(' ')}, LOG_LEVEL=info, its stdout ` +
        `read through a pipe) and the bare routes (the same node options), each in a process of its own; ${ROUNDS} ` +
        `rounds of ${duration} s per scenario and per bare run next to it, 10 connections:`,
    );
    console.table(rows);
    console.log(
      "ratio: requests per second against the bare route's (the budget); CPU ratio: the bare route's CPU time " +
        "per request against the server's, a report line that load from elsewhere moves less.",
    );
    console.log(`Server log lines per request: ${linesPerRequest.toFixed(2)}`);
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
