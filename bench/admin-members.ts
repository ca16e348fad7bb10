/**
 * npm run bench, the admin's members list (issue 18 point 1): with 100,000 members (bench/support/
 * members-corpus.ts), on SQLite and on a throwaway PostgreSQL cluster, an admin's pages of the list timed in
 * process through `inject`: the first, a middle and the last page, searches (a common name, a rare one, one
 * without a hit, a mail domain, part of a company name, two letters while typing, a part in nearly every
 * member), the filters by role, group and disabled, and a search with a filter; issue 36: the list sorted by
 * company (first, middle and last page, with a search, a group and a role), one company's members and those
 * without a company (first and last page). Each case runs once to check
 * its answer against the seeded members (total, the exact page, and sorted by company the page's companies with
 * their counts), then ROUNDS times, the cases
 * alternating so that load from elsewhere on the machine hits all alike; its p95 has a budget
 * (bench/budgets.ts) and a miss fails the run. The CSV export of every member is timed once, for the record.
 * `--only sqlite` or `--only postgres` runs one database.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  ADMIN_API,
  ADMIN_MEMBERS_PAGE_SIZE,
  MEMBERS_WITHOUT_COMPANY,
  type TAdminMembersPage,
  type TRole,
  ZAdminMembersPage,
} from '@portal/contract';
import { sql } from 'kysely';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { ADMIN_MEMBERS_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { check, type InProcessApp, startInProcessApp } from './support/in-process-app.ts';
import {
  company,
  generateMembers,
  MEMBERS,
  RARE_NAME,
  type SeededMember,
  seedMembers,
} from './support/members-corpus.ts';
import {
  byCompany,
  companyCounts,
  type Listed,
  type ListedMember,
  listedMembers,
} from './support/members-listed.ts';
import { median, percentile } from './support/server-process.ts';

type Kind = 'sqlite' | 'postgres';

/** timed requests per case, after the one that checks the answer */
const ROUNDS = 50;

interface Case {
  what: string;
  page?: number | 'middle' | 'last';
  q?: string;
  role?: TRole;
  /** a group's name */
  group?: string;
  disabled?: boolean;
  /** a member company's name, or 'none' */
  company?: string;
  sort?: 'company';
}

const CASES: readonly Case[] = [
  { what: 'page 1' },
  { what: 'a middle page', page: 'middle' },
  { what: 'the last page', page: 'last' },
  { what: 'a common family name', q: 'Müller' },
  { what: 'a common name, page 10', q: 'Müller', page: 10 },
  { what: 'a rare name: one member', q: RARE_NAME },
  { what: 'no hit', q: 'Schlüsselanhänger' },
  { what: "a company's mail domain", q: `@${company(8).domain}` },
  { what: 'part of company names', q: 'Flachglas' },
  { what: 'two letters while typing', q: 'ma' },
  { what: 'in nearly every member', q: 'glas' },
  { what: 'role ROLE_PARTNER', role: 'ROLE_PARTNER' },
  { what: 'role ROLE_ADMIN', role: 'ROLE_ADMIN' },
  { what: 'a large group', group: 'Mitglieder' },
  { what: 'a small group', group: 'Arbeitskreis Recht' },
  { what: 'disabled', disabled: true },
  { what: 'a name in a group', q: 'Schmidt', group: 'Landesverband Bayern' },
  { what: 'a name, partners, not disabled', q: 'Weber', role: 'ROLE_PARTNER', disabled: false },
  { what: 'by company', sort: 'company' },
  { what: 'by company, a middle page', sort: 'company', page: 'middle' },
  { what: 'by company, the last page', sort: 'company', page: 'last' },
  { what: 'by company, a common name', sort: 'company', q: 'Müller' },
  { what: 'by company, a name in a group', sort: 'company', q: 'Schmidt', group: 'Landesverband Bayern' },
  { what: 'by company, partners, the last page', sort: 'company', role: 'ROLE_PARTNER', page: 'last' },
  { what: "one company's members", company: company(8).name },
  { what: "one company's members, by company", company: company(8).name, sort: 'company' },
  { what: 'without a company', company: MEMBERS_WITHOUT_COMPANY },
  { what: 'without a company, the last page', company: MEMBERS_WITHOUT_COMPANY, page: 'last' },
  { what: 'without a company, by company', company: MEMBERS_WITHOUT_COMPANY, sort: 'company' },
];

/** Every budget checked, by its full description, and whether it was missed. */
const misses: Record<string, boolean> = {};

function describe(one: Case): string {
  const parts = [
    one.q === undefined ? '' : `q=${one.q}`,
    one.role ? `role=${one.role}` : '',
    one.group ? `group=${one.group}` : '',
    one.disabled === undefined ? '' : `disabled=${one.disabled}`,
    one.company === undefined ? '' : `company=${one.company}`,
    one.sort === undefined ? '' : `sort=${one.sort}`,
    one.page === undefined ? '' : `page=${one.page}`,
  ].filter(Boolean);
  return `${one.what}${parts.length ? ` (${parts.join(' ')})` : ''}`;
}

/** What the list must hold for `one`: the matching members in the order of their username key, or by company. */
function expected(listed: Listed, one: Case): ListedMember[] {
  const term = one.q?.normalize('NFC').toLowerCase();
  const matching = listed.byUsername.filter(
    (member) =>
      (term === undefined || member.searchKey.includes(term)) &&
      (one.role === undefined || member.role === one.role) &&
      (one.group === undefined || member.groups.includes(one.group)) &&
      (one.disabled === undefined || member.disabled === one.disabled) &&
      (one.company === undefined ||
        (one.company === MEMBERS_WITHOUT_COMPANY
          ? member.memberCompany === null
          : member.memberCompany === one.company)),
  );
  return one.sort === 'company' ? matching.sort(byCompany) : matching;
}

function pageOf(one: Case, total: number): number {
  const pages = Math.max(1, Math.ceil(total / ADMIN_MEMBERS_PAGE_SIZE));
  if (one.page === 'last') return pages;
  if (one.page === 'middle') return Math.ceil(pages / 2);
  return one.page ?? 1;
}

function url(one: Case, page: number, listed: Listed): string {
  const params = new URLSearchParams();
  if (page !== 1) params.set('page', String(page));
  if (one.q !== undefined) params.set('q', one.q);
  if (one.role) params.set('role', one.role);
  if (one.group) params.set('group', String(listed.groups.get(one.group)));
  if (one.disabled !== undefined) params.set('disabled', String(one.disabled));
  if (one.company === MEMBERS_WITHOUT_COMPANY) params.set('company', one.company);
  else if (one.company) params.set('company', String(listed.companies.get(one.company)));
  if (one.sort) params.set('sort', one.sort);
  const query = params.toString();
  return `${ADMIN_API.members}${query ? `?${query}` : ''}`;
}

async function list(bench: InProcessApp, admin: Record<string, string>, path: string) {
  const response = await bench.app.inject({ url: path, headers: admin });
  check(response.statusCode === 200, `GET ${path} answered ${response.statusCode} ${response.body}`);
  return response;
}

/**
 * The answer to `one` against the seeded members: the total and the page's members in order; sorted by
 * company, the page's companies in order with the count of each in the whole list.
 */
function checkPage(kind: Kind, one: Case, answer: TAdminMembersPage, matching: ListedMember[]): void {
  const page = pageOf(one, matching.length);
  const members = matching.slice((page - 1) * ADMIN_MEMBERS_PAGE_SIZE, page * ADMIN_MEMBERS_PAGE_SIZE);
  const want = members.map((member) => member.username);
  const got = answer.items.map((item) => item.username);
  check(
    answer.total === matching.length && answer.page === page,
    `${kind}: ${describe(one)}: total ${answer.total} on page ${answer.page}, expected ${matching.length} on page ${page}`,
  );
  check(
    got.join('\n') === want.join('\n'),
    `${kind}: ${describe(one)}: page ${page} holds ${got.slice(0, 3).join(', ')} …, expected ${want.slice(0, 3).join(', ')} …`,
  );
  const companies = one.sort === 'company' ? companyCounts(members, matching) : [];
  check(
    JSON.stringify(answer.companies?.map((group) => [group.company?.name ?? null, group.count])) ===
      JSON.stringify(companies),
    `${kind}: ${describe(one)}: the page's companies are ${JSON.stringify(answer.companies?.slice(0, 3))} …`,
  );
}

interface Timed {
  found: number;
  p50: number;
  p95: number;
}

async function timeCases(
  bench: InProcessApp,
  kind: Kind,
  members: readonly SeededMember[],
  groups: ReadonlyMap<string, number>,
): Promise<Timed[]> {
  const admin = await bench.login('admin');
  const listed = await listedMembers(bench, members, groups);

  const paths: string[] = [];
  const found: number[] = [];
  for (const one of CASES) {
    const matching = expected(listed, one);
    const path = url(one, pageOf(one, matching.length), listed);
    const answer = ZAdminMembersPage.parse((await list(bench, admin, path)).json());
    checkPage(kind, one, answer, matching);
    paths.push(path);
    found.push(matching.length);
  }
  const times = CASES.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, path] of paths.entries()) {
      const start = performance.now();
      await list(bench, admin, path);
      times[index]?.push(performance.now() - start);
    }
  }
  return CASES.map((one, index) => {
    const sorted = [...(times[index] ?? [])].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const limit = ADMIN_MEMBERS_BUDGETS.p95Ms;
    misses[`${kind}: ${describe(one)} p95 ${p95.toFixed(1)} ms (budget ${limit} ms)`] = p95 > limit;
    return { found: found[index] ?? 0, p50: median(sorted), p95 };
  });
}

/** The CSV of every member, once: its time and size, checked to hold a line per member. */
async function csvExport(bench: InProcessApp, expectedLines: number): Promise<{ ms: number; mb: number }> {
  const admin = await bench.login('admin');
  const start = performance.now();
  const response = await list(bench, admin, ADMIN_API.membersCsv);
  const ms = performance.now() - start;
  const lines = response.body.split(/\r?\n/).filter(Boolean).length;
  check(lines === expectedLines + 1, `the CSV holds ${lines} lines, expected ${expectedLines} and a header`);
  return { ms, mb: response.rawPayload.length / 1024 / 1024 };
}

interface Result {
  seedMs: number;
  cases: Timed[];
  csv: { ms: number; mb: number };
}

/**
 * What autovacuum does to a table grown by 100,000 rows within a minute, done now so that no plan changes
 * midway: statistics for the planner, and the visibility map that index-only scans need. A vacuum right after
 * the seed can leave pages unmarked while a transaction of the app's background work still sees the table
 * before it; so again after a pause, until nine in ten pages of `users` are marked, as on a table at rest.
 */
async function settle(bench: InProcessApp): Promise<void> {
  const { db } = bench.database;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await sql`vacuum analyze`.execute(db);
    const { rows } = await sql<{ pages: number; visible: number }>`select relpages as pages,
      relallvisible as visible from pg_class where oid = 'users'::regclass`.execute(db);
    const users = rows[0];
    if (users && users.visible >= 0.9 * users.pages) return;
    await delay(1000);
  }
  throw new Error('the users table is still not all-visible after ten vacuums');
}

async function onDatabase(kind: Kind, members: readonly SeededMember[]): Promise<Result> {
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_bench' }) : undefined;
  try {
    const bench = await startInProcessApp(cluster ? { DATABASE_URL: cluster.url } : {});
    try {
      const start = performance.now();
      const groups = await seedMembers(bench.database.db, members);
      if (kind === 'postgres') await settle(bench);
      const seedMs = performance.now() - start;
      const cases = await timeCases(bench, kind, members, groups);
      const csv = await csvExport(bench, members.filter((member) => !member.erased).length + 3);
      return { seedMs, cases, csv };
    } finally {
      await bench.close();
    }
  } finally {
    await cluster?.destroy();
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const kinds: Kind[] =
  values.only === 'sqlite' || values.only === 'postgres' ? [values.only] : ['sqlite', 'postgres'];
const members = generateMembers();
const results = new Map<Kind, Result>();
for (const kind of kinds) results.set(kind, await onDatabase(kind, members));

const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
console.log(
  `The admin's members list with ${MEMBERS.toLocaleString('en')} members, p50 and p95 of ${ROUNDS} requests per case, in ms:`,
);
console.table(
  CASES.map((one, index) => ({
    'GET /api/admin/members': describe(one),
    found: results.get(kinds[0] as Kind)?.cases[index]?.found ?? 0,
    ...Object.fromEntries(
      [...results].flatMap(([kind, result]) => [
        [`${kind} p50`, ms(result.cases[index]?.p50)],
        [`${kind} p95`, ms(result.cases[index]?.p95)],
      ]),
    ),
    budget: `p95 ≤ ${ADMIN_MEMBERS_BUDGETS.p95Ms}`,
  })),
);
for (const [kind, result] of results) {
  console.log(
    `${kind}: ${MEMBERS.toLocaleString('en')} members written in ${Math.round(result.seedMs)} ms; ` +
      `members.csv of every member (${result.csv.mb.toFixed(1)} MB) in ${Math.round(result.csv.ms)} ms`,
  );
}
reportMisses(misses);
