/**
 * Issue 33, point 9: a table's row documents are written beside its staged rows, outside the switch
 * transaction, a slice at a time; a search sees the old table until the switch and the new one after it,
 * never both, never part of one, and never the documents of an upload that failed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROW_SLOT } from '../../src/features/content/content.repository.ts';
import { reindexAll } from '../../src/features/search/index.ts';
import { SEARCH_SOURCES } from '../../src/modules.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createItem, saveContent } from '../content/content-helpers.ts';
import { createWorld, type Upload, type World } from '../helpers/world.ts';
import { search } from './search-helpers.ts';

/** Large enough to be indexed in blocks of 500 rows, written over several slices. */
const ROWS = 20_000;
const BLOCKS = ROWS / 500;

let w: World;
let category = 0;
beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Preislisten' });
});
afterAll(() => w.close());

function table(word: string, rows = ROWS): Upload {
  const lines = ['Nummer;Bezeichnung'];
  for (let i = 0; i < rows; i += 1) lines.push(`${i};${word} ${i}`);
  return { filename: `${word}.csv`, data: lines.join('\n'), type: 'text/csv' };
}

/** The row documents of an item whose block starts in the place from `base` on (0 or ROW_SLOT). */
async function documentsIn(itemId: number, base: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from search_documents
    where kind = ${'content-row'} and source_id = ${itemId}
      and owner_id >= ${base} and owner_id <= ${base + ROW_SLOT - 1}`.execute(w.t.database.db);
  return Number(rows[0]?.n ?? 0);
}

/** Where the item's live table starts: 0 or ROW_SLOT. */
async function liveBase(itemId: number): Promise<number> {
  const item = await w.t.database.db
    .selectFrom('contentItems')
    .select('csvRowBase')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  return item.csvRowBase;
}

/** How many hits of the content type a member gets for `q`. */
const found = async (q: string) => (await search(w, w.as.mitglied, q, { type: 'content' })).total;

/** Every document of the index, as a rebuild from the tables would write it (ids and dates aside). */
async function documents() {
  const { rows } = await sql`select kind, source_id, owner_id, title, body, folded_text
    from search_documents order by kind, source_id, owner_id`.execute(w.t.database.db);
  return rows;
}

async function expectIndexCurrent() {
  const before = await documents();
  await reindexAll(w.t.database.db, SEARCH_SOURCES);
  expect(await documents()).toEqual(before);
}

describe("a table's row documents", () => {
  it('should be found for the old table while the new one is written, and for the new one only after the switch', {
    timeout: 60_000,
  }, async () => {
    const item = await createItem(w, { title: 'Preise', categories: [category] }, table('Altglas'));
    expect(await documentsIn(item.id, 0)).toBe(BLOCKS);
    expect(await found('Altglas')).toBeGreaterThan(0);

    let done = false;
    const replacing = saveContent(
      w,
      w.as.admin,
      { id: item.id, title: 'Preise', categories: [category] },
      table('Neuglas'),
    ).finally(() => {
      done = true;
    });
    // Searches come in while the upload runs: each sees one table whole, the old one until the switch.
    let answeredMidway = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      const before = { base: await liveBase(item.id), staged: await documentsIn(item.id, ROW_SLOT) };
      const [oldHits, newHits] = [await found('Altglas'), await found('Neuglas')];
      const after = { base: await liveBase(item.id), staged: await documentsIn(item.id, ROW_SLOT) };
      if (before.base !== after.base) continue;
      expect({ oldHits: oldHits > 0, newHits: newHits > 0 }).toEqual(
        after.base === 0 ? { oldHits: true, newHits: false } : { oldHits: false, newHits: true },
      );
      // answered while some of the new table's documents were written and some were not yet
      if (after.base === 0 && before.staged > 0 && after.staged < BLOCKS) answeredMidway += 1;
    }
    const response = await replacing;
    expect(response.statusCode, response.body).toBe(200);
    expect(answeredMidway).toBeGreaterThan(0);

    expect(await found('Altglas')).toBe(0);
    expect(await found('Neuglas')).toBeGreaterThan(0);
    expect(await documentsIn(item.id, 0)).toBe(0);
    expect(await documentsIn(item.id, ROW_SLOT)).toBe(BLOCKS);
    await expectIndexCurrent();
  });

  it('should leave no documents of an upload whose switch failed', { timeout: 60_000 }, async () => {
    const item = await createItem(
      w,
      { title: 'Spiegel', categories: [category] },
      table('Kristallspiegel', 3000),
    );
    const refuse = w.t.database.kind === 'sqlite' ? sqliteRefusal : postgresRefusal;
    await refuse.create();
    try {
      const response = await saveContent(
        w,
        w.as.admin,
        { id: item.id, title: 'Spiegel', categories: [category] },
        table('Silberspiegel', 3000),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await refuse.drop();
    }
    expect(await documentsIn(item.id, ROW_SLOT)).toBe(0);
    expect(await documentsIn(item.id, 0)).toBe(6);
    expect(await found('Silberspiegel')).toBe(0);
    expect(await found('Kristallspiegel')).toBeGreaterThan(0);
    await expectIndexCurrent();
  });

  it('should clear documents left in the next place by a save that never finished', async () => {
    const item = await createItem(w, { title: 'Rahmen', categories: [category] }, table('Holzrahmen', 3000));
    // A crash between staging and switching left documents where the next table goes.
    await sql`insert into search_documents
        (kind, type, source_id, owner_id, title, body, folded_title, folded_text, dated_at)
      values (${'content-row'}, ${'content'}, ${item.id}, ${ROW_SLOT}, '', '', '', ${'stahlrahmen'},
        ${new Date().toISOString()})`.execute(w.t.database.db);
    expect(await found('Stahlrahmen')).toBe(0);
    const response = await saveContent(
      w,
      w.as.admin,
      { id: item.id, title: 'Rahmen', categories: [category] },
      table('Alurahmen', 3000),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await found('Stahlrahmen')).toBe(0);
    expect(await found('Alurahmen')).toBeGreaterThan(0);
    expect(await documentsIn(item.id, ROW_SLOT)).toBe(6);
    await expectIndexCurrent();
  });
});

/** A trigger that makes every change of a content item fail: the switch transaction of a save. */
const sqliteRefusal = {
  create: () =>
    sql`create trigger refuse_switch before update on content_items begin select raise(abort, 'erzwungen'); end`.execute(
      w.t.database.db,
    ),
  drop: () => sql`drop trigger refuse_switch`.execute(w.t.database.db),
};
const postgresRefusal = {
  async create() {
    await sql`create function refuse_switch() returns trigger language plpgsql as $$ begin raise exception 'erzwungen'; end $$`.execute(
      w.t.database.db,
    );
    await sql`create trigger refuse_switch before update on content_items for each row execute function refuse_switch()`.execute(
      w.t.database.db,
    );
  },
  async drop() {
    await sql`drop trigger refuse_switch on content_items`.execute(w.t.database.db);
    await sql`drop function refuse_switch()`.execute(w.t.database.db);
  },
};
