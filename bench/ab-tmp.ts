// temp: server CPU µs per request for a route, the server from ROOT (default this checkout)
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seedBlogPosts } from './blog-posts.ts';
import { startInProcessApp } from './support/in-process-app.ts';
import { loginPair, startCommand, startServerProcess } from './support/server-process.ts';

const root = process.env.ROOT ?? path.join(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-ab-'));
const bench = await startInProcessApp({ DATA_DIR: dataDir });
await seedBlogPosts(bench.database.db, bench.app.accounts, 1000);
await bench.close();
const start = startCommand();
const server = await startServerProcess({
  script: path.join(root, 'apps/server/src/main.ts'),
  nodeArgs: [...start.nodeArgs, ...(process.env.EXTRA ? process.env.EXTRA.split(' ') : [])],
  dataDir,
  env: { ...start.env, LOG_LEVEL: 'info' },
  stdout: 'pipe',
});
let bytes = 0;
server.child.stdout?.on('data', (c: Buffer) => {
  bytes += c.length;
});
const pid = server.child.pid ?? 0;
const cpu = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(f[11]) + Number(f[12])) * 10000;
};
const auth = { authorization: `Bearer ${(await loginPair(server.url, 'mitglied')).token}` };
const url = `${server.url}/${process.env.ROUTE ?? 'api/blog/count/2'}`;
await autocannon({ url, headers: auth, connections: 10, duration: 5 });
const out: string[] = [];
for (let i = 0; i < 3; i++) {
  const c0 = cpu();
  const b0 = bytes;
  const r = await autocannon({ url, headers: auth, connections: 10, duration: 4 });
  out.push(
    `${((cpu() - c0) / r.requests.total).toFixed(1)}µs ${Math.round(r.requests.average)}rps ${((bytes - b0) / r.requests.total).toFixed(0)}B/req`,
  );
}
console.log(path.basename(root), out.join(' | '));
await server.stop();
