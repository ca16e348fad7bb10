/**
 * Heavy input against a running server: uploads a 100,000-row CSV, reads every row back in bounded pages,
 * replaces the table by another of 100,000 rows and sends a 16000 × 16000 PNG, while `/api/health` is asked every 20 ms, on SQLite and on a throwaway PostgreSQL
 * cluster. The server runs in a child process, so a blocked event loop there shows in the health latencies
 * measured here. Prints p50/p99/max per database and phase and fails when health was slower than its budget
 * on either or the picture was not refused in time. `--only sqlite|postgres` runs one database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { CSV_ROWS_PAGE_MAX } from '@portal/contract';
import { decompressionBomb, priceListCsv } from '../apps/server/test/helpers/generated-files.ts';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { HEAVY_UPLOAD_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { loginPair, percentile, type ServerProcess, startServerProcess } from './support/server-process.ts';

const ROWS = 100_000;
const PICTURE_SIDE = 16_000;
const HEALTH_INTERVAL_MS = 20;

type Kind = 'sqlite' | 'postgres';

/**
 * The server as `npm start` runs it, on a free port with a fresh data folder and the demo accounts; on the
 * database at `databaseUrl` when given, else on SQLite in the data folder.
 */
function startServer(dataDir: string, databaseUrl?: string): Promise<ServerProcess> {
  return startServerProcess({
    script: path.join(import.meta.dirname, '../apps/server/src/main.ts'),
    dataDir,
    env: { UPLOAD_LIMIT_MB: '50', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
}

async function adminToken(url: string): Promise<string> {
  return (await loginPair(url, 'admin')).token;
}

async function defaultGroups(url: string, headers: Record<string, string>): Promise<number[]> {
  const form = (await (await fetch(`${url}/api/contentCategory/formData`, { headers })).json()) as {
    defaultUserGroups: number[];
  };
  return form.defaultUserGroups;
}

async function contentCategory(
  url: string,
  headers: Record<string, string>,
  groups: number[],
): Promise<number> {
  const tree = (await (
    await fetch(`${url}/api/contentCategory/`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        contentCategory: { name: 'Bench', type: 'content', visibleForUserGroups: groups },
      }),
    })
  ).json()) as { id: number; name: string }[];
  const id = tree.find((node) => node.name === 'Bench')?.id;
  if (!id) throw new Error('bench category not created');
  return id;
}

/**
 * Asks `/api/health` every HEALTH_INTERVAL_MS, one request at a time, until stopped; latencies in ms. It runs
 * in a worker thread, so that the uploads this process sends meanwhile cannot delay its measurements.
 */
const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const latencies = [];
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url + '/api/health');
    await response.arrayBuffer();
    latencies.push(response.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
    await new Promise((resolve) => setTimeout(resolve, workerData.interval));
  }
  parentPort.postMessage(latencies);
})();
`;

function sampleHealth(url: string): { stop: () => Promise<number[]> } {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { url, interval: HEALTH_INTERVAL_MS } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (latencies: number[]) => resolve(latencies));
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}

interface Phase {
  db?: Kind;
  phase: string;
  ms: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

async function measured(url: string, phase: string, run: () => Promise<void>): Promise<Phase> {
  const sampler = sampleHealth(url);
  const started = performance.now();
  await run();
  const ms = Math.round(performance.now() - started);
  const sorted = (await sampler.stop()).sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    phase,
    ms,
    samples: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** The three phases on one database; the picture's status and time besides. */
async function onDatabase(kind: Kind, csv: Buffer, png: Buffer) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-heavy-'));
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_heavy' }) : undefined;
  const server = await startServer(dataDir, cluster?.url).catch(async (error: unknown) => {
    await cluster?.destroy();
    throw error;
  });
  try {
    const { url } = server;
    const headers = { authorization: `Bearer ${await adminToken(url)}` };
    const groups = await defaultGroups(url, headers);
    const categoryId = await contentCategory(url, headers, groups);
    let itemId = 0;
    const phases: Phase[] = [];

    const size = `${ROWS.toLocaleString('en')}-row CSV (${csv.length >> 20} MB)`;
    /** Saves the table as a new item, or as the table of item `id` (its old rows and documents dropped). */
    const upload = async (id?: number) => {
      const form = new FormData();
      form.set('content', JSON.stringify({ id, title: 'Große Tabelle', categories: [categoryId] }));
      form.set('csvFile', new File([new Uint8Array(csv)], 'gross.csv', { type: 'text/csv' }));
      const saved = await fetch(`${url}/api/content/`, { method: 'POST', headers, body: form });
      if (!saved.ok) throw new Error(`table not saved: ${saved.status} ${await saved.text()}`);
      return ((await saved.json()) as { id: number }).id;
    };

    phases.push(
      await measured(url, `upload ${size}`, async () => {
        itemId = await upload();
      }),
    );

    phases.push(
      await measured(url, `read all rows, ${CSV_ROWS_PAGE_MAX} a page`, async () => {
        let read = 0;
        for (let offset = 0; offset < ROWS; offset += CSV_ROWS_PAGE_MAX) {
          const page = await fetch(
            `${url}/api/content/${itemId}/rows?offset=${offset}&limit=${CSV_ROWS_PAGE_MAX}`,
            {
              headers,
            },
          );
          if (!page.ok) throw new Error(`rows at ${offset}: ${page.status} ${await page.text()}`);
          read += ((await page.json()) as { rows: unknown[] }).rows.length;
        }
        if (read !== ROWS) throw new Error(`read ${read} rows instead of ${ROWS}`);
      }),
    );

    phases.push(await measured(url, `replace it by another ${size}`, () => upload(itemId).then(() => {})));

    let pictureStatus = 0;
    const picture = await measured(
      url,
      `${PICTURE_SIDE} × ${PICTURE_SIDE} PNG (${png.length >> 10} KB)`,
      async () => {
        const form = new FormData();
        const blog = {
          title: 'Riesenbild',
          preText: '<p>Ein sehr großes Bild.</p>',
          content: '<p>Es wird abgelehnt, bevor es dekodiert wird.</p>',
          visibleForUserGroups: groups,
          publishedAt: new Date().toISOString(),
          tags: [],
        };
        form.set('blog', JSON.stringify(blog));
        form.set('image', new File([new Uint8Array(png)], 'riesig.png', { type: 'image/png' }));
        const response = await fetch(`${url}/api/blog/`, { method: 'POST', headers, body: form });
        pictureStatus = response.status;
        await response.arrayBuffer();
      },
    );
    phases.push(picture);
    return { phases: phases.map((phase) => ({ db: kind, ...phase })), picture, pictureStatus };
  } finally {
    await server.stop();
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const kinds: Kind[] =
  values.only === 'sqlite' || values.only === 'postgres' ? [values.only] : ['sqlite', 'postgres'];
const csv = priceListCsv(ROWS);
const png = decompressionBomb(PICTURE_SIDE, PICTURE_SIDE);
const budget = HEAVY_UPLOAD_BUDGETS;
const phases: Phase[] = [];
const misses: Record<string, boolean> = {};
const summary: string[] = [];
for (const kind of kinds) {
  const run = await onDatabase(kind, csv, png);
  phases.push(...run.phases);
  const worst = Math.max(...run.phases.map((phase) => phase.max));
  summary.push(
    `${kind}: health max ${worst} ms (budget ≤ ${budget.healthMaxMs}); picture answered ` +
      `${run.pictureStatus} in ${run.picture.ms} ms (budget 413 in ≤ ${budget.pictureRefusalMs})`,
  );
  misses[`${kind}: health latency`] = worst > budget.healthMaxMs;
  misses[`${kind}: picture refusal`] = run.pictureStatus !== 413 || run.picture.ms > budget.pictureRefusalMs;
}
console.table(phases);
for (const line of summary) console.log(line);
reportMisses(misses);
