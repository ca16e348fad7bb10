/**
 * A new table that references a member cannot be forgotten by erasure (issue 32): every table of the generated
 * row types (db-types.gen.ts) whose schema has a foreign key to `users` must be erased or kept by some
 * feature's privacy part (src/modules.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_PARTS } from '../../src/modules.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

/** The tables of the `DB` interface of the generated row types, by the names the queries use. */
function generatedTables(): string[] {
  const source = readFileSync(new URL('../../src/platform/db/db-types.gen.ts', import.meta.url), 'utf8');
  const db = /export interface DB \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return [...db.matchAll(/^\s+(\w+): \w+Table;$/gm)].map((match) => match[1] ?? '');
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The tables (snake_case) with a foreign key to `users`, as the migrated schema has them. */
async function tablesReferencingUsers(database: Database): Promise<Set<string>> {
  const query =
    database.kind === 'sqlite'
      ? sql<{ name: string }>`select m.name as "name" from sqlite_master m, pragma_foreign_key_list(m.name) f
          where m.type = 'table' and f."table" = 'users'`
      : sql<{ name: string }>`select source.relname as "name" from pg_constraint c
          join pg_class source on source.oid = c.conrelid
          join pg_class target on target.oid = c.confrelid
          join pg_namespace n on n.oid = source.relnamespace
          where c.contype = 'f' and target.relname = 'users' and n.nspname = current_schema()`;
  const { rows } = await query.execute(database.db);
  return new Set(rows.map((row) => row.name));
}

let dir: string;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-member-references-'));
  ({ database, drop } = await openTestDatabase(dir));
  await migrateToLatest(database);
});
afterAll(async () => {
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the tables that reference a member', () => {
  it('should each be erased or kept by a feature', async () => {
    const handled = new Set<string>(
      PRIVACY_PARTS.flatMap((part) => [...(part.erases ?? []), ...(part.keeps ?? [])]),
    );
    const referencingUsers = await tablesReferencingUsers(database);
    const referencing = generatedTables().filter((table) => referencingUsers.has(snakeCase(table)));
    // the schema has them at all: the query finds the references the migrations made
    expect(referencing).toContain('sessions');
    expect(referencing.filter((table) => !handled.has(table))).toEqual([]);
  });
});
