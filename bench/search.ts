/**
 * npm run bench, search (issue 16 point 6): with 10,000 news posts, 2,000 events, 50,000 forum posts and a
 * 100,000-row table, on SQLite and on a throwaway PostgreSQL cluster:
 * - a member's searches over a mix of queries (part of a compound, prefix, article number, two words, rare
 *   and common terms, with and without `type`), timed in process through `inject`: the 95th percentile;
 * - a 100,000-row CSV upload through the real upload path, with the index and with indexing switched off
 *   (the same app on the same database, its search index a no-op), alternating, the fastest of each;
 * - on SQLite, in Chromium against the built app: the time from the last keystroke in the top bar's field
 *   until its suggestions for that text show.
 * The corpus is written straight into the tables and then indexed as after a migration. Every answer is
 * checked; figures are printed with their budgets (bench/budgets.ts) and a miss fails the run.
 * `--only sqlite` or `--only postgres` runs one database (the browser runs with SQLite).
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from '@playwright/test';
import {
  CONTENT_API,
  SEARCH_API,
  type TContentItem,
  type TSearchResult,
  type TSearchType,
  ZSearchResult,
} from '@portal/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { ROWS_PER_DOCUMENT } from '../apps/server/src/features/content/index.ts';
import { reindexAll, type SearchIndex } from '../apps/server/src/features/search/index.ts';
import { SEARCH_SOURCES } from '../apps/server/src/modules.ts';
import { priceListCsv } from '../apps/server/test/helpers/generated-files.ts';
import { multipartBody } from '../apps/server/test/helpers/multipart.ts';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { SEARCH_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { check, createCategory, type InProcessApp, startInProcessApp } from './support/in-process-app.ts';
import { CORPUS, RARE, seedSearchCorpus } from './support/search-corpus.ts';
import { BENCH_API_KEY, freePort, median, percentile } from './support/server-process.ts';

type Kind = 'sqlite' | 'postgres';

const ROWS = 100_000;
const NEEDLE = { row: 77_777, text: 'Nadel im Heuhaufen' };
/** uploads with and without the index, alternating */
const UPLOAD_ROUNDS = 2;
/** passes over the query mix after one pass to warm up */
const SEARCH_ROUNDS = 20;

interface Query {
  q: string;
  type?: TSearchType;
  what: string;
  /** what the answer must hold, checked once */
  expect?: (result: TSearchResult) => boolean;
}

const QUERIES: readonly Query[] = [
  { q: 'dämmglas', what: 'part of a compound', expect: (r) => r.total > 100 },
  { q: 'glas', what: 'the commonest part', expect: (r) => r.capped.length >= 3 },
  { q: 'Wärmedä', what: 'prefix while typing', expect: (r) => r.total > 100 },
  { q: 'Waermedaemmglas', what: 'umlauts written out', expect: (r) => r.total > 100 },
  {
    q: 'FG-1002',
    what: 'article number',
    expect: (r) => r.hits.some((hit) => hit.type === 'content' && hit.snippet.includes('<mark>')),
  },
  { q: 'ESG', what: 'a word of ESG-Scheibe', expect: (r) => r.total > 100 },
  { q: 'Isolierglas Lieferzeit', what: 'two words', expect: (r) => r.total > 10 },
  { q: 'Verband', what: 'common word', expect: (r) => r.capped.includes('blog') },
  {
    q: RARE.post,
    what: 'rare: one post',
    expect: (r) => r.total === 1 && r.hits[0]?.type === 'blog' && /^\/blog\/\d+$/.test(r.hits[0].path),
  },
  {
    q: RARE.forumPost,
    what: 'rare: one forum post',
    expect: (r) =>
      r.total === 1 && /^\/forum\/\d+\/thread\/\d+\?(page=\d+&)?post=\d+$/.test(r.hits[0]?.path ?? ''),
  },
  {
    q: NEEDLE.text,
    what: 'rare: one table row',
    // the hit opens the table at that row (issue 31)
    expect: (r) =>
      r.hits[0]?.type === 'content' &&
      new RegExp(`^/content/\\d+\\?item=\\d+&row=${NEEDLE.row}$`).test(r.hits[0].path),
  },
  {
    q: 'Schallschutz',
    type: 'blog',
    what: 'posts only',
    expect: (r) => r.total > 100 && r.hits.every((hit) => hit.type === 'blog'),
  },
  { q: 'Fachtagung', type: 'event', what: 'events only', expect: (r) => r.total > 100 },
  { q: RARE.event, type: 'event', what: 'rare: one event', expect: (r) => r.total === 1 },
  { q: 'Randverbund', type: 'forum', what: 'forum only', expect: (r) => r.capped.includes('forum') },
  {
    q: 'Wärmeschutzglas',
    type: 'content',
    what: 'in every row of the table',
    // a hit per block of rows, each showing a row
    expect: (r) =>
      r.total === ROWS / ROWS_PER_DOCUMENT && r.hits.every((hit) => hit.snippet.includes('<mark>')),
  },
];

/** The five texts typed into the top bar's field, none of them typed before (no cached answer). */
const TYPED = ['dämmglas', 'FG-1002', 'Isolierglas Lieferzeit', RARE.post, NEEDLE.text] as const;

/** The index of the baseline upload: the same code path, nothing written. */
const NO_INDEX: SearchIndex = {
  refresh: async () => {},
  remove: async () => {},
  writePart: async () => 0,
  countPart: async () => 0,
  dropPart: async () => {},
};

/** Every budget checked, by its full description, and whether it was missed. */
const misses: Record<string, boolean> = {};

function budget(what: string, value: number, limit: number, unit = 'ms'): void {
  misses[`${what}: ${value} ${unit} (budget ${limit} ${unit})`] = value > limit;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

function searchUrl(query: { q: string; type?: TSearchType }, limit?: number): string {
  const params = new URLSearchParams({ q: query.q });
  if (query.type) params.set('type', query.type);
  if (limit) params.set('limit', String(limit));
  return `${SEARCH_API.search}?${params}`;
}

async function search(
  bench: InProcessApp,
  headers: Record<string, string>,
  url: string,
): Promise<TSearchResult> {
  const response = await bench.app.inject({ url, headers });
  check(response.statusCode === 200, `GET ${url} answered ${response.statusCode} ${response.body}`);
  return ZSearchResult.parse(response.json());
}

/**
 * Uploads the 100,000-row price list alternately through an app whose index is a no-op and through the
 * real one, on the same database; keeps the last indexed table for the searches and deletes the others.
 * The fastest of each, since other load on the machine only ever adds time.
 */
async function uploads(bench: InProcessApp, kind: Kind): Promise<Record<string, string | number>[]> {
  const admin = await bench.login('admin');
  const category = await createCategory(bench, admin, 'Preise');
  const unindexed = await buildApp(bench.config, { database: bench.database, searchIndex: NO_INDEX });
  const csv = priceListCsv(ROWS, NEEDLE);
  const times = { without: [] as number[], with: [] as number[] };
  try {
    for (let round = 0; round < UPLOAD_ROUNDS; round += 1) {
      for (const variant of ['without', 'with'] as const) {
        const app = variant === 'with' ? bench.app : unindexed;
        const body = await multipartBody(
          {
            content: JSON.stringify({ title: `Preisliste ${variant} ${round + 1}`, categories: [category] }),
            csvFile: { filename: 'preise.csv', data: csv },
          },
          'text/csv',
        );
        const { ms, result } = await timed(() =>
          app.inject({
            method: 'POST',
            url: CONTENT_API.save,
            headers: { ...admin, ...body.headers },
            payload: body.payload,
          }),
        );
        check(result.statusCode === 200, `upload answered ${result.statusCode} ${result.body}`);
        check(result.json<TContentItem>().csvRowCount === ROWS, 'every row stored');
        times[variant].push(ms);
        const keep = variant === 'with' && round === UPLOAD_ROUNDS - 1;
        if (!keep) {
          const id = result.json<TContentItem>().id;
          const deleted = await bench.app.inject({
            method: 'DELETE',
            url: CONTENT_API.byId(id),
            headers: admin,
          });
          check(deleted.statusCode === 204, `delete answered ${deleted.statusCode}`);
        }
      }
    }
  } finally {
    await unindexed.close();
  }
  const without = Math.round(Math.min(...times.without));
  const withIndex = Math.round(Math.min(...times.with));
  const overhead = withIndex / without - 1;
  budget(
    `${kind}: index overhead of a ${ROWS}-row upload`,
    Math.round(overhead * 100),
    SEARCH_BUDGETS.uploadIndexOverhead * 100,
    '%',
  );
  return [
    { measure: `${kind}: upload ${ROWS.toLocaleString('en')} rows, indexing off`, ms: without, budget: '' },
    {
      measure: `${kind}: upload ${ROWS.toLocaleString('en')} rows, with the index`,
      ms: withIndex,
      budget: `≤ +${SEARCH_BUDGETS.uploadIndexOverhead * 100} % (+${Math.round(overhead * 100)} %)`,
    },
  ];
}

/** Every query of the mix once (checked), then SEARCH_ROUNDS passes timed; per-query medians and the p95. */
async function searches(bench: InProcessApp, kind: Kind): Promise<Record<string, string | number>[]> {
  const member = await bench.login('mitglied');
  for (const query of QUERIES) {
    const result = await search(bench, member, searchUrl(query));
    check(query.expect?.(result) ?? true, `${kind}: "${query.q}" (${query.what}): total ${result.total}`);
  }
  const perQuery = QUERIES.map(() => [] as number[]);
  for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
    for (const [index, query] of QUERIES.entries()) {
      const { ms } = await timed(() => search(bench, member, searchUrl(query)));
      perQuery[index]?.push(ms);
    }
  }
  const all = perQuery.flat().sort((a, b) => a - b);
  const p95 = Math.round(percentile(all, 95));
  budget(`${kind}: search p95`, p95, SEARCH_BUDGETS.p95Ms[kind]);
  return [
    ...QUERIES.map((query, index) => ({
      measure: `${kind}: "${query.q}"${query.type ? ` type=${query.type}` : ''} (${query.what}), median`,
      ms: Math.round(median(perQuery[index] ?? [])),
      budget: '',
    })),
    {
      measure: `${kind}: search p95 over ${all.length} searches`,
      ms: p95,
      budget: `≤ ${SEARCH_BUDGETS.p95Ms[kind]}`,
    },
  ];
}

/**
 * A member on the dashboard types each of TYPED into the top bar's field: the time from the last keystroke
 * until the suggestions for that text are painted, measured inside the page. The suggestions count as
 * shown when the listbox is visible and its first option is the first hit the API gives for the text (the
 * list may still show the previous text's hits while the new ones load).
 */
async function suggestions(
  browser: Browser,
  bench: InProcessApp,
): Promise<Record<string, string | number>[]> {
  const member = await bench.login('mitglied');
  const link = await bench.app.inject({
    method: 'POST',
    url: '/external/generate/login',
    headers: { authorization: `Bearer ${BENCH_API_KEY}` },
    payload: { username: 'mitglied' },
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const times: number[] = [];
  try {
    await page.goto(link.json<{ link: string }>().link);
    await page.waitForURL(/\/dashboard$/);
    const field = page.getByRole('combobox', { name: 'Suchen' });
    await field.waitFor();
    for (const text of TYPED) {
      const first = (await search(bench, member, searchUrl({ q: text }, 8))).hits[0]?.title;
      check(first !== undefined, `a suggestion for "${text}"`);
      await field.fill('');
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await field.focus();
      // Listening before the first keystroke, inside the page: Playwright's own polling would add its latency.
      await page.evaluate((title) => {
        const state = window as unknown as { benchShown?: Promise<number> };
        state.benchShown = new Promise<number>((resolve, reject) => {
          let lastInput = 0;
          const onInput = (event: Event) => {
            lastInput = event.timeStamp;
          };
          document.addEventListener('input', onInput);
          const observer = new MutationObserver(() => {
            const listbox = document.querySelector<HTMLElement>('[role="listbox"]');
            const option = listbox?.querySelector('[role="option"]');
            if (!lastInput || !listbox?.checkVisibility() || !option?.textContent?.includes(title)) return;
            observer.disconnect();
            document.removeEventListener('input', onInput);
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - lastInput), 0));
          });
          observer.observe(document.body, {
            childList: true,
            subtree: true,
            attributes: true,
            characterData: true,
          });
          setTimeout(() => reject(new Error(`no suggestion "${title}" within 10 s`)), 10_000);
        });
      }, first);
      await field.pressSequentially(text);
      const shown = page.evaluate(() => (window as unknown as { benchShown?: Promise<number> }).benchShown);
      times.push(Math.round((await shown) ?? Number.NaN));
    }
  } finally {
    await page.close();
  }
  const middle = median(times);
  budget('suggestions after the last keystroke (median)', middle, SEARCH_BUDGETS.suggestionsMs);
  return [
    {
      measure: `sqlite: suggestions after the last keystroke, median of ${times.length}`,
      ms: middle,
      budget: `≤ ${SEARCH_BUDGETS.suggestionsMs}`,
    },
    { measure: 'sqlite: suggestions after the last keystroke, slowest', ms: Math.max(...times), budget: '' },
  ];
}

async function onDatabase(kind: Kind, browser?: Browser): Promise<Record<string, string | number>[]> {
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_bench' }) : undefined;
  const port = await freePort();
  const rows: Record<string, string | number>[] = [];
  try {
    const bench = await startInProcessApp({
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // indexing the corpus in one go takes longer than a request may
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '600',
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    });
    try {
      const seeded = await timed(() => seedSearchCorpus(bench.database.db, bench.app.accounts));
      const indexed = await timed(() => reindexAll(bench.database.db, SEARCH_SOURCES));
      rows.push(
        {
          measure: `${kind}: write ${CORPUS.posts} posts, ${CORPUS.events} events, ${CORPUS.threads * CORPUS.postsPerThread} forum posts`,
          ms: Math.round(seeded.ms),
          budget: '',
        },
        { measure: `${kind}: index them (reindex)`, ms: Math.round(indexed.ms), budget: '' },
      );
      rows.push(...(await uploads(bench, kind)));
      rows.push(...(await searches(bench, kind)));
      if (browser) {
        // the login link leads to PUBLIC_URL
        await bench.app.listen({ port, host: '127.0.0.1' });
        rows.push(...(await suggestions(browser, bench)));
      }
    } finally {
      await bench.close();
    }
  } finally {
    await cluster?.destroy();
  }
  return rows;
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const kinds: Kind[] =
  values.only === 'sqlite' || values.only === 'postgres' ? [values.only] : ['sqlite', 'postgres'];
const browser = kinds.includes('sqlite')
  ? await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    })
  : undefined;
const rows: Record<string, string | number>[] = [];
try {
  for (const kind of kinds) rows.push(...(await onDatabase(kind, kind === 'sqlite' ? browser : undefined)));
} finally {
  await browser?.close();
}
console.log(
  `Search with ${CORPUS.posts.toLocaleString('en')} posts, ${CORPUS.events.toLocaleString('en')} events, ${(CORPUS.threads * CORPUS.postsPerThread).toLocaleString('en')} forum posts and a ${ROWS.toLocaleString('en')}-row table:`,
);
console.table(rows);
reportMisses(misses);
