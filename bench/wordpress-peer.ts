/**
 * The optional WordPress peer (issue 19, decision 0091): the portal's blog list, page 1 among 1,000 posts as a
 * member, next to WordPress's REST posts list `/wp-json/wp/v2/posts?per_page=10` over 1,000 posts of the same
 * text (Debian's `wordpress` on nginx + php-fpm + MariaDB, set up by `scripts/setup-wordpress-peer.sh`).
 * Alternating rounds with the same client settings; prints requests per second of each and the portal as a
 * multiple of WordPress (median of the per-round ratios). A report line, no budget. Without a peer at
 * WORDPRESS_PEER_URL (default http://127.0.0.1:18580) it says so and passes.
 * `node bench/wordpress-peer.ts --seconds 3` shortens each measurement; the portal takes its configuration from
 * the environment, so `ANSWER_CACHE_MS=0 node bench/wordpress-peer.ts` measures it without its answer cache.
 */
import { parseArgs } from 'node:util';
import { BLOG_API, type TBlogPage } from '@portal/contract';
import autocannon from 'autocannon';
import { seedBlogPosts } from './blog-posts.ts';
import { check, startInProcessApp } from './support/in-process-app.ts';
import { median } from './support/server-process.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
const duration = Number(values.seconds);
const ROUNDS = 3;
const CONNECTIONS = 10;
/** posts on both sides: the portal's bench/blog-posts.ts year of news, WordPress's the same 1,000. */
const POSTS = 1000;
const peerBase = (process.env.WORDPRESS_PEER_URL || 'http://127.0.0.1:18580').replace(/\/+$/, '');
const peerListUrl = `${peerBase}/wp-json/wp/v2/posts?per_page=10`;

interface Measurement {
  rps: number;
  p50: number;
}

/**
 * autocannon in a worker thread, so that the client does not share the in-process portal's event loop (which
 * would handicap it against WordPress, served by other processes).
 */
async function measure(url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50 };
}

/** The peer's first page, or null when nothing answers there. */
async function probePeer(): Promise<Response | null> {
  try {
    return await fetch(peerListUrl, { signal: AbortSignal.timeout(5000) });
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const probe = await probePeer();
  if (!probe) {
    console.log(
      `WordPress peer skipped (optional): nothing answers at ${peerListUrl}. ` +
        'Set it up with `sudo scripts/setup-wordpress-peer.sh` (README, "The WordPress peer") ' +
        'or point WORDPRESS_PEER_URL at one.',
    );
    return;
  }
  const peerBody = await probe.text();
  const peerTotal = probe.headers.get('x-wp-total');
  const peerPosts: unknown = probe.ok ? JSON.parse(peerBody) : null;
  check(
    probe.ok && Array.isArray(peerPosts) && peerPosts.length === 10 && peerTotal === String(POSTS),
    `${peerListUrl} should answer 200 with 10 posts and X-WP-Total ${POSTS}, not ${probe.status} with ` +
      `${Array.isArray(peerPosts) ? peerPosts.length : 'no'} posts and X-WP-Total ${peerTotal}; ` +
      'run scripts/setup-wordpress-peer.sh again',
  );

  const bench = await startInProcessApp();
  try {
    await seedBlogPosts(bench.database.db, bench.app.accounts, POSTS);
    const appUrl = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const auth = await bench.login('mitglied');
    const portalListUrl = `${appUrl}${BLOG_API.list}`;
    const portalResponse = await fetch(portalListUrl, { headers: auth });
    const portalBody = await portalResponse.text();
    const portalPage = JSON.parse(portalBody) as TBlogPage;
    check(portalResponse.ok && portalPage.items.length === 10, `${BLOG_API.list} answers 10 posts`);

    // Alternate which side goes first, so that load from elsewhere on the machine and any drift hit both alike.
    const portalRuns: Measurement[] = [];
    const peerRuns: Measurement[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const portal = async () => portalRuns.push(await measure(portalListUrl, auth));
      const peer = async () => peerRuns.push(await measure(peerListUrl));
      for (const run of round % 2 === 0 ? [portal, peer] : [peer, portal]) await run();
    }
    const ratios = portalRuns.map((portal, round) => portal.rps / (peerRuns[round]?.rps ?? Number.NaN));
    const ratio = median(ratios);
    console.log(
      `Blog list next to the WordPress peer: ${ROUNDS} alternating rounds of ${duration} s, ` +
        `${CONNECTIONS} connections each`,
    );
    const row = (scenario: string, sideRuns: Measurement[], body: string, multiple: string) => ({
      scenario,
      'req/s': Math.round(median(sideRuns.map((run) => run.rps))),
      'p50 ms': median(sideRuns.map((run) => run.p50)),
      'answer KB': (Buffer.byteLength(body) / 1024).toFixed(1),
      multiple,
    });
    console.table([
      row(
        `portal GET ${BLOG_API.list} (page 1, member, ${portalPage.total} of ${POSTS} posts visible)`,
        portalRuns,
        portalBody,
        `${ratio.toFixed(1)}×`,
      ),
      row(`WordPress GET /wp-json/wp/v2/posts?per_page=10 (${POSTS} posts)`, peerRuns, peerBody, '1.0×'),
    ]);
    console.log(
      `Portal blog list: ${ratio.toFixed(1)}× WordPress's REST posts list ` +
        `(per round: ${ratios.map((r) => r.toFixed(1)).join(', ')}; a report line, no budget).`,
    );
  } finally {
    await bench.close();
  }
}

await main();
