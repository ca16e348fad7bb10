import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedBlogPosts } from './blog-posts.ts';
import { startInProcessApp } from './support/in-process-app.ts';
import { loginPair, startCommand, startServerProcess } from './support/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prof-'));
const bench = await startInProcessApp({ DATA_DIR: dataDir });
await seedBlogPosts(bench.database.db, bench.app.accounts, 1000);
await bench.close();
const start = startCommand();
const prof =
  process.env.PROF === '1'
    ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']
    : process.env.PROF === 'gc'
      ? ['--trace-gc']
      : process.env.PROF === 'heap'
        ? ['--heap-prof', '--heap-prof-dir=/tmp/hprof', '--heap-prof-interval=4096']
        : [];
const server = await startServerProcess({
  script: path.join(import.meta.dirname, '../apps/server/src/main.ts'),
  nodeArgs: [...start.nodeArgs, ...prof],
  dataDir,
  env: { ...start.env, LOG_LEVEL: 'info' },
  stdout: 'pipe',
});
let gcs = '';
server.child.stdout?.on('data', (c: Buffer) => {
  if (process.env.PROF === 'gc')
    gcs +=
      c
        .toString()
        .split('\n')
        .filter((l) => l.includes(' ms: '))
        .join('\n') + '\n';
});
process.on('exit', () => {
  if (gcs) writeFileSync('/tmp/gc.txt', gcs);
});
const auth = { authorization: `Bearer ${(await loginPair(server.url, 'mitglied')).token}` };
const url = `${server.url}/api/blog/count/2`;
const r = await fetch(url, { headers: auth });
console.log(r.status, [...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n'), await r.text());
const seconds = Number(process.env.SECONDS ?? 5);
const result = await autocannon({ url, headers: auth, connections: 10, pipelining: 1, duration: seconds });
console.log(
  'rps',
  result.requests.average,
  'non2xx',
  result.non2xx,
  'errors',
  result.errors,
  result.latency.p50,
);
await server.stop();
