/**
 * npm run bench: load benchmarks with autocannon against the real app (SQLite in a temp folder), each next
 * to a bare Fastify route in the same run. Prints requests per second and the ratio, and fails on a budget miss.
 * `node bench/run.ts --seconds 3` shortens each of the alternating measurements (3 rounds).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { seedBlogPosts } from './blog-posts.ts';
import { BUDGETS } from './budgets.ts';
import { seedLongThread } from './forum-thread.ts';
import { startInProcessApp } from './support/in-process-app.ts';
import { median } from './support/server-process.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const duration = Number(values.seconds);
const ROUNDS = 3;
/** posts in the database for the blog scenarios: about a year of news. */
const BLOG_POSTS = 1000;
/** posts of the long forum thread (the 2,000-post thread). */
const THREAD_POSTS = 2000;

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
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
  const bench = await startInProcessApp();
  const { app, database } = bench;
  await seedBlogPosts(database.db, app.accounts, BLOG_POSTS);
  const threadId = await seedLongThread(database.db, app.accounts, THREAD_POSTS);
  const bare = Fastify();
  bare.get('/bare', async () => ({ id: 1, username: 'mitglied', roles: ['ROLE_USER', 'ROLE_PARTNER'] }));
  // Large bodies are bound by moving bytes, so a file is compared with the same bytes sent from memory.
  let bareBytes = Buffer.alloc(0);
  bare.get('/bare-file', async (_request, reply) =>
    reply.header('content-type', 'image/jpeg').send(bareBytes),
  );

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const auth = await bench.login('mitglied');
    const photo = await uploadPhoto(appUrl, await bench.login('admin'));
    bareBytes = Buffer.from(await (await fetch(`${appUrl}${photo.publicPath}`)).arrayBuffer());
    const baselines = {
      json: { name: 'bare Fastify route (small JSON)', url: `${bareUrl}/bare` },
      file: {
        name: `bare Fastify route (the same ${Math.round(bareBytes.length / 1024)} KB from memory)`,
        url: `${bareUrl}/bare-file`,
      },
    } as const;
    type Baseline = keyof typeof baselines;
    const scenarios: { name: string; url: string; budget: keyof typeof BUDGETS; baseline?: Baseline }[] = [
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

    // Alternate the scenarios with the bare routes so that load from elsewhere on the machine hits all alike;
    // report medians, and each ratio against its bare run of the same round.
    const bareRuns: Record<Baseline, number[]> = { json: [], file: [] };
    const runs = scenarios.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [key, baseline] of Object.entries(baselines)) {
        bareRuns[key as Baseline].push(await measure(baseline.url));
      }
      for (const [index, scenario] of scenarios.entries())
        runs[index]?.push(await measure(scenario.url, auth));
    }
    const rows: { scenario: string; 'req/s': number; ratio: string; budget: string }[] = Object.entries(
      baselines,
    ).map(([key, baseline]) => ({
      scenario: baseline.name,
      'req/s': Math.round(median(bareRuns[key as Baseline])),
      ratio: '1.00',
      budget: '',
    }));
    for (const [index, scenario] of scenarios.entries()) {
      const scenarioRuns = runs[index] ?? [];
      const bareOfRound = bareRuns[scenario.baseline ?? 'json'];
      const ratio = median(scenarioRuns.map((rps, i) => rps / (bareOfRound[i] ?? rps)));
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
    await bench.close();
    await bare.close();
  }
}

await main();
