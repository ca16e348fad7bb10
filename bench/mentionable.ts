/**
 * npm run bench, the editor's `@` suggestions (issue 37 point 2): GET /api/forum/{id}/mentionable with 20,000
 * members (a slice of bench/support/members-corpus.ts, German names and companies, some disabled, erased or
 * partners), on SQLite and on a throwaway PostgreSQL cluster, timed in process through `inject` as a member
 * types: a common family name, two letters, a part of nearly every company, a rare name, no hit, nothing yet.
 * Each case runs once to check that it answers suggestions only of members who may see the forum, then ROUNDS
 * times; its p95 has a budget (bench/budgets.ts) and a miss fails the run. `--only sqlite|postgres` runs one.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { CONVERSATION_API, MENTION_SUGGESTIONS_MAX, type TMentionables } from '@portal/contract';
import { sql } from 'kysely';
import { startCluster } from '../apps/server/test/helpers/pg-cluster.ts';
import { MENTIONABLE_BUDGETS } from './budgets.ts';
import { reportMisses } from './support/budget-report.ts';
import { check, type InProcessApp, startInProcessApp } from './support/in-process-app.ts';
import { generateMembers, RARE_NAME, type SeededMember, seedMembers } from './support/members-corpus.ts';
import { median, percentile } from './support/server-process.ts';

type Kind = 'sqlite' | 'postgres';

const MEMBERS = 20_000;
const ROUNDS = 50;
const CASES = [
  { what: 'a common family name', q: 'Müller' },
  { what: 'two letters while typing', q: 'ma' },
  { what: 'in nearly every company', q: 'glas' },
  // member 77,777 is Susanne Quastenflosser: one username of 20,000 starts so
  { what: 'a rare username', q: `susanne.${RARE_NAME.slice(0, 6).toLowerCase()}` },
  { what: 'no hit', q: 'Schlüsselanhänger' },
  { what: 'nothing typed yet', q: '' },
] as const;

interface Timed {
  found: number;
  p50: number;
  p95: number;
}

async function timeCases(bench: InProcessApp, members: readonly SeededMember[]): Promise<Timed[]> {
  const headers = await bench.login('mitglied');
  const forum = await bench.database.db
    .insertInto('forums')
    .values({ name: 'Technik', description: '<p>Technik</p>', createdAt: new Date(), updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const allowed = new Set(
    members
      .filter((member) => !member.erased && !member.disabled && member.role !== 'ROLE_PARTNER')
      .map((member) => member.username),
  );
  const ask = async (q: string) => {
    const response = await bench.app.inject({
      url: `${CONVERSATION_API.mentionable(forum.id)}?q=${encodeURIComponent(q)}`,
      headers,
    });
    check(response.statusCode === 200, `mentionable ${q}: ${response.statusCode} ${response.body}`);
    return response.json<TMentionables>().people;
  };
  const results: Timed[] = [];
  for (const one of CASES) {
    const people = await ask(one.q);
    check(people.length <= MENTION_SUGGESTIONS_MAX, `${one.what}: at most ${MENTION_SUGGESTIONS_MAX}`);
    const demo = new Set(['admin', 'redaktion']);
    check(
      people.every((person) => allowed.has(person.username) || demo.has(person.username)),
      `${one.what}: only members who may see the forum`,
    );
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const start = performance.now();
      await ask(one.q);
      times.push(performance.now() - start);
    }
    const sorted = [...times].sort((a, b) => a - b);
    results.push({ found: people.length, p50: median(sorted), p95: percentile(sorted, 95) });
  }
  return results;
}

async function onDatabase(kind: Kind, members: readonly SeededMember[]): Promise<Timed[]> {
  const cluster = kind === 'postgres' ? await startCluster({ database: 'portal_bench' }) : undefined;
  try {
    const bench = await startInProcessApp(cluster ? { DATABASE_URL: cluster.url } : {});
    try {
      await seedMembers(bench.database.db, members);
      // statistics as a database at rest has them (the server analyses after migrating; PostgreSQL's autovacuum)
      await sql`analyze`.execute(bench.database.db);
      return await timeCases(bench, members);
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
// a slice of the corpus that holds its one RARE_NAME (member 77,777)
const members = generateMembers().slice(60_000, 60_000 + MEMBERS);
const results = new Map<Kind, Timed[]>();
for (const kind of kinds) results.set(kind, await onDatabase(kind, members));

const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
console.log(
  `The @ suggestions with ${MEMBERS.toLocaleString('en')} members, p50 and p95 of ${ROUNDS} requests, in ms:`,
);
console.table(
  CASES.map((one, index) => ({
    'GET /api/forum/{id}/mentionable': `${one.what} (q=${one.q})`,
    found: results.get(kinds[0] as Kind)?.[index]?.found ?? 0,
    ...Object.fromEntries(
      [...results].flatMap(([kind, timed]) => [
        [`${kind} p50`, ms(timed[index]?.p50)],
        [`${kind} p95`, ms(timed[index]?.p95)],
      ]),
    ),
    budget: `p95 ≤ ${MENTIONABLE_BUDGETS.p95Ms}`,
  })),
);
reportMisses(
  Object.fromEntries(
    [...results].flatMap(([kind, timed]) =>
      CASES.map((one, index) => [
        `${kind}: ${one.what}`,
        (timed[index]?.p95 ?? Number.POSITIVE_INFINITY) > MENTIONABLE_BUDGETS.p95Ms,
      ]),
    ),
  ),
);
