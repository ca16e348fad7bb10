import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER_QUERY } from '../../src/features/companies/batches.ts';
import { readCompanyCsv } from '../../src/features/companies/company-csv.ts';
import { createCompanyImport } from '../../src/features/companies/company-import.ts';
import { planImport } from '../../src/features/companies/company-import-plan.ts';
import { createSearchIndex } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import { createWorld, type World } from '../helpers/world.ts';

// An office imports and exports thousands of companies: no statement may carry thousands of ids, and the
// plan reads its companies and members a batch at a time, never with queries per row.

const COMPANIES = 1_200;

let w: World<'admin'>;
beforeAll(async () => {
  w = await createWorld({ users: [{ username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] }] });
  const db = w.t.database.db;
  const now = new Date();
  const numbers = Array.from({ length: COMPANIES }, (_, i) => String(i).padStart(4, '0'));
  for (let start = 0; start < COMPANIES; start += 200) {
    const some = numbers.slice(start, start + 200);
    await db
      .insertInto('users')
      .values(
        some.map((n) => ({
          username: `mitglied${n}`,
          usernameKey: `mitglied${n}`,
          email: `m${n}@glas.example`,
          company: null,
          role: 'ROLE_USER',
          passwordHash: null,
          createdAt: now,
          updatedAt: now,
          forumReadFrom: null,
          lastLoginAt: null,
          erasedAt: null,
        })),
      )
      .execute();
    // every other company exists already, so the plan meets both new and known ones
    await db
      .insertInto('companies')
      .values(
        some
          .filter((n) => Number(n) % 2 === 0)
          .map((n) => ({
            name: `Glas ${n} GmbH`,
            nameKey: `glas${n}gmbh`,
            letter: 'G',
            street: null,
            postalCode: null,
            city: 'Alt',
            state: null,
            website: null,
            phone: null,
            email: null,
            description: null,
            logoKey: null,
            logoName: null,
            createdAt: now,
            updatedAt: now,
          })),
      )
      .execute();
  }
});
afterAll(() => w.t.close());

/** Counts the statements sent and the most parameters one of them carried. */
function counter() {
  const seen = { statements: 0, maxParameters: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      seen.statements += 1;
      seen.maxParameters = Math.max(seen.maxParameters, parameters(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { seen, db: w.t.database.db.withPlugin(plugin) };
}

function parameters(node: RootOperationNode | unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, item) => n + parameters(item), 0);
  if (!node || typeof node !== 'object') return 0;
  const kind = (node as { kind?: unknown }).kind;
  if (kind === 'ValueNode') return 1;
  if (kind === 'PrimitiveValueListNode') return (node as { values: unknown[] }).values.length;
  return Object.values(node).reduce((n: number, item) => n + parameters(item), 0);
}

describe('import and export of thousands of companies', () => {
  it('should plan every row with a handful of queries, none with more than a batch of keys', async () => {
    const lines = Array.from({ length: COMPANIES }, (_, i) => {
      const n = String(i).padStart(4, '0');
      // half by username, half by e-mail address
      return `Glas ${n} GmbH;Neu;${i % 2 ? `M${n}@glas.example` : `mitglied${n}`};Vertrieb`;
    });
    const rows = await readCompanyCsv(Buffer.from(`Firma;Ort;Benutzername;Funktion\n${lines.join('\n')}\n`));
    const { seen, db } = counter();
    const planned = await planImport(db, rows);
    expect(planned.outcomes.filter((row) => row.outcome === 'error')).toEqual([]);
    expect(planned.outcomes.filter((row) => row.outcome === 'new')).toHaveLength(COMPANIES / 2);
    expect(planned.outcomes.filter((row) => row.outcome === 'changed')).toHaveLength(COMPANIES / 2);
    expect(planned.contacts).toHaveLength(COMPANIES);
    expect(seen.statements).toBeLessThanOrEqual(12);
    // the counter sees the lists: a batch of 500 usernames is the largest
    expect(seen.maxParameters).toBeGreaterThanOrEqual(PER_QUERY);
    expect(seen.maxParameters).toBeLessThanOrEqual(PER_QUERY + 10);
  });

  it('should export every company with its specialties without a list of their ids', async () => {
    const { seen, db } = counter();
    const csv = await createCompanyImport({ db, search: createSearchIndex(SEARCH_SOURCES) }).export();
    expect(csv.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1 + COMPANIES / 2);
    expect(seen.statements).toBeLessThanOrEqual(4);
    expect(seen.maxParameters).toBeLessThanOrEqual(10);
  });
});
