/**
 * npm run bench, the member directory (issue 36: "paging that stays fast with 5,000 companies"): 5,000 companies
 * with 20,000 contacts (bench/support/companies-corpus.ts), on SQLite and on a throwaway PostgreSQL cluster. The
 * data is written in process, the search index built as after a migration; then the server runs as `npm start`
 * starts it (bench/support/server-process.ts) and a member's requests go over HTTP: directory pages (first,
 * middle, last), the filters by Bundesland, specialty and letter, `q` by name, place and specialty, combined,
 * a company page with its contacts, and the search for companies. Each case is checked once against the seeded
 * data, then timed ROUNDS times, the cases alternating; its p95 has a budget (bench/budgets.ts: 50 ms SQLite,
 * 100 ms PostgreSQL) and a miss fails the run. `--only sqlite` or `--only postgres` runs one database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { COMPANY_PAGE_SIZE, SEARCH_API, ZCompany, ZCompanyPage, ZSearchResult } from '@portal/contract';
import { sql } from 'kysely';
import { reindexAll } from '../apps/server/src/features/search/index.ts';
import { SEARCH_SOURCES } from '../apps/server/src/modules.ts';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { COMPANY_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import {
  COMPANIES,
  CONTACTS_PER_COMPANY,
  generateCompanies,
  RARE_COMPANY,
  type SeededCompany,
  seedCompanies,
} from './support/companies-corpus.ts';
import { check, startInProcessApp } from './support/in-process-app.ts';
import { loginPair, median, percentile, startCommand, startServerProcess } from './support/server-process.ts';

type Kind = 'sqlite' | 'postgres';
const ROUNDS = 50;
const SERVER = path.join(import.meta.dirname, '../apps/server/src/main.ts');
const SPECIALTIES = ['Glasveredelung', 'Isolierglasfertigung', 'Glashandel', 'Glaserei', 'Fassadenbau'];

interface Case {
  what: string;
  /** the path asked for, given the specialty ids and a company id */
  path: (ids: { specialty: (name: string) => number; company: number }) => string;
  /** the expected total of a directory answer (the matching seeded companies), where it is told */
  expect?: (companies: readonly SeededCompany[]) => number;
  kind: 'page' | 'company' | 'search';
}

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const lastPage = Math.ceil(COMPANIES / COMPANY_PAGE_SIZE);

const CASES: readonly Case[] = [
  { what: 'page 1', kind: 'page', path: () => '/api/companies', expect: (c) => c.length },
  {
    what: 'a middle page',
    kind: 'page',
    path: () => `/api/companies?page=${Math.ceil(lastPage / 2)}`,
    expect: (c) => c.length,
  },
  {
    what: 'the last page',
    kind: 'page',
    path: () => `/api/companies?page=${lastPage}`,
    expect: (c) => c.length,
  },
  {
    what: 'Bundesland Bayern',
    kind: 'page',
    path: () => '/api/companies?state=BY',
    expect: (c) => c.filter((x) => x.state === 'BY').length,
  },
  {
    what: 'a specialty',
    kind: 'page',
    path: ({ specialty }) => `/api/companies?specialty=${specialty('Fassadenbau')}`,
    expect: (c) => c.filter((x) => x.specialties.includes('Fassadenbau')).length,
  },
  { what: 'letter S', kind: 'page', path: () => '/api/companies?letter=S' },
  {
    what: 'q: a family name',
    kind: 'page',
    path: () => `/api/companies?q=${encodeURIComponent('Müller')}`,
    expect: (c) => c.filter((x) => fold(x.name).includes('muller')).length,
  },
  {
    what: 'q: a place',
    kind: 'page',
    path: () => `/api/companies?q=${encodeURIComponent('Köln')}`,
    expect: (c) => c.filter((x) => x.city === 'Köln').length,
  },
  { what: 'q: a specialty', kind: 'page', path: () => '/api/companies?q=isolierglasfertigung' },
  { what: 'q: in nearly every company', kind: 'page', path: () => '/api/companies?q=glas' },
  { what: 'q: one company', kind: 'page', path: () => `/api/companies?q=${RARE_COMPANY}`, expect: () => 1 },
  { what: 'q: no hit', kind: 'page', path: () => '/api/companies?q=schluesselanhaenger', expect: () => 0 },
  {
    what: 'q, Bundesland and specialty',
    kind: 'page',
    path: ({ specialty }) => `/api/companies?q=glas&state=NW&specialty=${specialty('Glashandel')}&page=2`,
  },
  {
    what: 'a company page with contacts',
    kind: 'company',
    path: ({ company }) => `/api/companies/${company}`,
  },
  {
    what: 'search: a company name',
    kind: 'search',
    path: () => `${SEARCH_API.search}?q=${RARE_COMPANY}&type=company`,
  },
  {
    what: 'search: a place, companies',
    kind: 'search',
    path: () => `${SEARCH_API.search}?q=Dresden&type=company`,
  },
  {
    what: 'search: a specialty, all types',
    kind: 'search',
    path: () => `${SEARCH_API.search}?q=Glasveredelung`,
  },
];

interface Timed {
  p50: number;
  p95: number;
}
const misses: Record<string, boolean> = {};

/** Seeds the data folder (and the database) in process, then closes; the server starts on it afterwards. */
async function seed(dataDir: string, env: Record<string, string>) {
  const bench = await startInProcessApp({ ...env, DATA_DIR: dataDir });
  try {
    const start = performance.now();
    const companies = generateCompanies(SPECIALTIES);
    const specialties = await seedCompanies(bench.database.db, companies);
    await reindexAll(bench.database.db, SEARCH_SOURCES);
    if (bench.database.kind === 'postgres') await sql`vacuum analyze`.execute(bench.database.db);
    const company = await bench.database.db
      .selectFrom('companies')
      .select('id')
      .where('name', 'like', `%${RARE_COMPANY}%`)
      .executeTakeFirstOrThrow();
    return { companies, specialties, company: company.id, seedMs: performance.now() - start };
  } finally {
    // removes only its own temp folder; the data stays in dataDir for the server
    await bench.close();
  }
}

async function onDatabase(kind: Kind): Promise<{ cases: Timed[]; seedMs: number }> {
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_bench' }) : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-companies-'));
  const env: Record<string, string> = cluster ? { DATABASE_URL: cluster.url } : {};
  try {
    const seeded = await seed(dataDir, env);
    const start = startCommand();
    const server = await startServerProcess({
      script: SERVER,
      nodeArgs: start.nodeArgs,
      dataDir,
      env: { ...start.env, ...env },
    });
    try {
      const member = { authorization: `Bearer ${(await loginPair(server.url, 'mitglied')).token}` };
      const ids = {
        specialty: (name: string) => seeded.specialties.get(name) ?? 0,
        company: seeded.company,
      };
      const paths = CASES.map((one) => one.path(ids));
      for (const [index, one] of CASES.entries()) {
        const response = await fetch(`${server.url}${paths[index]}`, { headers: member });
        check(response.ok, `${kind}: GET ${paths[index]} answered ${response.status}`);
        const body: unknown = await response.json();
        if (one.kind === 'page') {
          const page = ZCompanyPage.parse(body);
          const want = one.expect?.(seeded.companies);
          check(
            want === undefined || page.total === want,
            `${kind}: ${one.what}: total ${page.total}, expected ${want}`,
          );
          check(page.total === 0 || page.items.length > 0, `${kind}: ${one.what}: an empty page`);
        } else if (one.kind === 'company') {
          const company = ZCompany.parse(body);
          check(company.contacts.length === CONTACTS_PER_COMPANY, `${kind}: ${one.what}: its contacts`);
        } else {
          const result = ZSearchResult.parse(body);
          check(result.counts.company > 0, `${kind}: ${one.what}: no company found`);
        }
      }
      const times = CASES.map(() => [] as number[]);
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [index, url] of paths.entries()) {
          const begin = performance.now();
          const response = await fetch(`${server.url}${url}`, { headers: member });
          await response.arrayBuffer();
          times[index]?.push(performance.now() - begin);
        }
      }
      const cases = CASES.map((one, index) => {
        const sorted = [...(times[index] ?? [])].sort((a, b) => a - b);
        const p95 = percentile(sorted, 95);
        const limit = COMPANY_BUDGETS.p95Ms[kind];
        misses[`${kind}: ${one.what} p95 ${p95.toFixed(1)} ms (budget ${limit} ms)`] = p95 > limit;
        return { p50: median(sorted), p95 };
      });
      return { cases, seedMs: seeded.seedMs };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await cluster?.destroy();
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const kinds: Kind[] =
  values.only === 'sqlite' || values.only === 'postgres' ? [values.only] : ['sqlite', 'postgres'];
const results = new Map<Kind, { cases: Timed[]; seedMs: number }>();
for (const kind of kinds) results.set(kind, await onDatabase(kind));

const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
console.log(
  `The member directory with ${COMPANIES.toLocaleString('en')} companies and ` +
    `${(COMPANIES * CONTACTS_PER_COMPANY).toLocaleString('en')} contacts, the server as npm start runs it, ` +
    `p50 and p95 of ${ROUNDS} requests per case, in ms:`,
);
console.table(
  CASES.map((one, index) => ({
    case: one.what,
    ...Object.fromEntries(
      [...results].flatMap(([kind, result]) => [
        [`${kind} p50`, ms(result.cases[index]?.p50)],
        [`${kind} p95`, ms(result.cases[index]?.p95)],
      ]),
    ),
  })),
);
for (const [kind, result] of results)
  console.log(`${kind}: companies, contacts and search index written in ${Math.round(result.seedMs)} ms`);
reportMisses(misses);
