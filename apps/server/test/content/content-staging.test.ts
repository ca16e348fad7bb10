import { CONTENT_API, CONTENT_MESSAGES, type TContentRows } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentRepository, ROW_SLOT } from '../../src/features/content/content.repository.ts';
import { createTableStaging } from '../../src/features/content/content-staging.ts';
import { createCategory } from '../categories/category-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createItem, saveContent, tableCounts } from './content-helpers.ts';

// A new table is written beside the live one and switched to in one small transaction (migration 0008).

let w: World;
let category = 0;
beforeAll(async () => {
  w = await createWorld();
  category = await createCategory(w, { name: 'Listen' });
});
afterAll(() => w.t.close());

const table = (rows: number, text: string) => ({
  filename: `${text}.csv`,
  data: `Nr;Text\n${Array.from({ length: rows }, (_, i) => `${i};${text} ${i}`).join('\n')}\n`,
});
const rowsOf = async (id: number) =>
  (
    await w.app.inject({ url: `${CONTENT_API.rows(id)}?limit=1000`, headers: w.as.mitglied })
  ).json<TContentRows>();

describe('staging a table', () => {
  const repo = () => createContentRepository(w.t.database.db);
  const staging = () => createTableStaging(w.t.database.db, repo(), w.app.searchIndex);

  it('should keep serving the live table while the next one is staged, and drop the staged rows on failure', async () => {
    const before = await tableCounts(w.t);
    const item = await createItem(w, { categories: [category] }, table(3, 'alt'));
    const current = await repo().findItem(w.t.database.db, item.id);
    if (!current) throw new Error('no item');
    const staged = await staging().stage(current, { ...current }, 2, (write) =>
      write([
        ['0', 'neu 0'],
        ['1', 'neu 1'],
      ]),
    );
    expect(staged).toMatchObject({ itemId: item.id, base: ROW_SLOT, rowCount: 2, created: false });
    expect((await rowsOf(item.id)).rows).toEqual([
      ['0', 'alt 0'],
      ['1', 'alt 1'],
      ['2', 'alt 2'],
    ]);
    await staging().discard(staged);
    expect((await tableCounts(w.t)).rows).toBe(before.rows + 3);
  });

  it('should refuse to switch with 409 when staged rows went missing meanwhile', async () => {
    const item = await createItem(w, { categories: [category] }, table(3, 'alt'));
    const db = w.t.database.db;
    const current = await repo().findItem(db, item.id);
    if (!current) throw new Error('no item');
    const staged = await staging().stage(current, { ...current }, 2, (write) =>
      write([
        ['0', 'neu'],
        ['1', 'neu'],
      ]),
    );
    // Another save of the same item cleared this place before switching to its own rows.
    await repo().deleteRows(item.id, staged.base, staged.base);
    const switched = db.transaction().execute((trx) => staging().check(trx, current, staged));
    await expect(switched).rejects.toMatchObject({ statusCode: 409, message: CONTENT_MESSAGES.tableChanged });
    await staging().discard(staged);
  });

  it('should clear rows left behind by a save that never finished before writing there', async () => {
    const item = await createItem(w, { categories: [category] }, table(3, 'alt'));
    const before = await tableCounts(w.t);
    // A crash between staging and switching left rows in the place the next table goes.
    await repo().insertRows(item.id, ROW_SLOT, [
      ['x', 'Rest 0'],
      ['y', 'Rest 1'],
      ['z', 'Rest 2'],
      ['w', 'Rest 3'],
    ]);
    const replaced = await saveContent(w, w.as.admin, item, table(2, 'neu'));
    expect(replaced.statusCode).toBe(200);
    expect((await rowsOf(item.id)).rows).toEqual([
      ['0', 'neu 0'],
      ['1', 'neu 1'],
    ]);
    expect((await tableCounts(w.t)).rows).toBe(before.rows - 3 + 2);
  });
});
