import { spawn } from 'node:child_process';
import { SEARCH_TYPES } from '@portal/contract';
import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reindexAll } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import { columnKit } from '../../src/platform/db/migration-kit.ts';
import * as searchMigration from '../../src/platform/db/migrations/0011-search.ts';
import * as datedKeysMigration from '../../src/platform/db/migrations/0018-search-dated-keys.ts';
import * as termsMigration from '../../src/platform/db/migrations/0022-search-terms.ts';
import { searchType as companySearchType } from '../../src/platform/db/migrations/0034-companies.ts';
import { createPost } from '../blog/blog-helpers.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createCompany } from '../companies/company-helpers.ts';
import { createItem } from '../content/content-helpers.ts';
import { createEvent } from '../events/event-helpers.ts';
import { serverDir } from '../helpers/server-process.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createFile, createCategory as createMediaCategory } from '../media/media-helpers.ts';
import { createThread, datedKeyMismatches, search } from './search-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
  await createPost(w, { title: 'Schallschutzglas im Test' });
  const category = await createCategory(w, { name: 'Normen' });
  await createItem(
    w,
    { title: 'Schallschutz-Tabelle', categories: [category] },
    {
      filename: 'werte.csv',
      data: 'Typ;Wert\nSchallschutzglas A;32 dB\nSchallschutzglas B;37 dB\nFloat;28 dB\n',
    },
  );
  await createEvent(w, { name: 'Schallschutz-Seminar' });
  await createThread(w, { forum: 'Technik', thread: 'Schallschutz im Altbau' }, '<p>Welches Glas?</p>');
  await createFile(w, await createMediaCategory(w, { name: 'Prüfberichte' }), 'Schallschutz-Prüfbericht');
  await createCompany(w, { name: 'Schallschutz Glas GmbH', city: 'Ulm' });
});
afterAll(() => w.t.close());

/** the post, the table's item and its two rows with the word, the event, the thread, the file, the company */
const EXPECTED = { blog: 1, content: 3, event: 1, forum: 1, media: 1, company: 1 };
const emptyIndex = () => sql`delete from search_documents`.execute(w.t.database.db);
/** the counts of a search that finds everything; on SQLite the FTS5 tables checked too (migration 0018) */
const counts = async () => {
  expect(await datedKeyMismatches(w)).toEqual({});
  return (await search(w, w.as.admin, 'schallschutz')).counts;
};

describe('rebuilding the search index', () => {
  it('should find everything that was saved', async () => {
    expect(await counts()).toEqual(EXPECTED);
  });

  it('should rebuild it after the table was emptied, counting each kind', async () => {
    await emptyIndex();
    expect(await counts()).toEqual({ blog: 0, content: 0, event: 0, forum: 0, media: 0, company: 0 });
    const written = await reindexAll(w.t.database.db, SEARCH_SOURCES);
    expect(written).toEqual({
      blog: 1,
      content: 1,
      'content-row': 3,
      event: 1,
      'forum-thread': 1,
      'forum-post': 1,
      media: 1,
      company: 1,
    });
    expect(await counts()).toEqual(EXPECTED);
  });

  it('should build it for existing data when the migrations run', async () => {
    const db = w.t.database.db;
    if (w.t.database.kind === 'sqlite') {
      for (const type of SEARCH_TYPES)
        await sql`drop table ${sql.table(`search_dated_trigram_${type}`)}`.execute(db);
    }
    await sql`drop table search_documents`.execute(db);
    await sql`drop table search_terms`.execute(db);
    // Run on their own, with a bookkeeping table of their own: later migrations are applied already, and
    // Kysely runs a pending one only before them. 0011 writes the documents, 0018 (SQLite: FTS5 row ids in
    // date order) builds its tables from the documents already there, 0022 rewrites them as terms, 0034 adds
    // the companies' type.
    const kit = columnKit(w.t.database.kind);
    const migrator = new Migrator({
      db: db.withoutPlugins(),
      provider: {
        getMigrations: async () => ({
          '0011-search': {
            up: (target: Kysely<unknown>) => searchMigration.up(target, kit),
          } satisfies Migration,
          '0018-search-dated-keys': {
            up: (target: Kysely<unknown>) => datedKeysMigration.up(target, kit),
          } satisfies Migration,
          '0022-search-terms': {
            up: (target: Kysely<unknown>) => termsMigration.up(target, kit),
          } satisfies Migration,
          '0034-companies-search': {
            up: (target: Kysely<unknown>) => companySearchType(target, kit),
          } satisfies Migration,
        }),
      },
      migrationTableName: 'search_rerun_migration',
      migrationLockTableName: 'search_rerun_migration_lock',
      ...(w.t.database.kind === 'postgres'
        ? {
            migrationTableSchema:
              (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
                ?.schema ?? 'public',
          }
        : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((result) => result.migrationName)).toEqual([
      '0011-search',
      '0018-search-dated-keys',
      '0022-search-terms',
      '0034-companies-search',
    ]);
    // 0034 created the companies' table empty, so it indexes none: companies come back with a reindex
    expect(await counts()).toEqual({ ...EXPECTED, company: 0 });
    expect((await reindexAll(db, SEARCH_SOURCES)).company).toBe(1);
    expect(await counts()).toEqual(EXPECTED);
  });

  // The CLI opens the database from DATABASE_URL; a test's PostgreSQL schema cannot be named there.
  it.runIf(!process.env.DATABASE_URL?.startsWith('postgres'))(
    'should rebuild it with `npm run search -- reindex`, reporting in German',
    async () => {
      await emptyIndex();
      const config = w.t.databaseConfig;
      if (config.kind !== 'sqlite') throw new Error('SQLite only');
      const child = spawn(process.execPath, ['src/cli/search.ts', 'reindex'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          DATABASE_URL: `sqlite:${config.file}`,
          DATA_DIR: w.t.config.dataDir,
        },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(0);
      expect(stdout).toMatch(/^Suchindex neu aufgebaut \(\d+,\d s\):\n/);
      expect(stdout).toContain('  Tabellenzeilen: 3\n');
      expect(stdout).toContain('  Forenbeiträge:  1\n');
      expect(await counts()).toEqual(EXPECTED);
    },
  );
});
