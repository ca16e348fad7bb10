import { CONTENT_API, CONTENT_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory } from '../categories/category-helpers.ts';
import { createWorld, type Headers, keyOf, storedFiles, type World } from '../helpers/world.ts';
import { createItem, listContent, tableCounts } from './content-helpers.ts';
import { csvFixture } from './csv-fixtures.ts';

let w: World;
let normen: number;
beforeAll(async () => {
  w = await createWorld();
  normen = await createCategory(w, { name: 'Normen' });
});
afterAll(() => w.t.close());

const titles = async (category = normen) =>
  (await listContent(w, w.as.admin, category)).map((item) => item.title);

async function saveOrder(headers: Headers, list: unknown) {
  return w.postMultipart(CONTENT_API.saveTree, headers, { contentList: JSON.stringify(list) });
}

describe('POST /api/content/saveTree/', () => {
  it('should give the items positions in the order sent', async () => {
    // A category of its own: the other tests' items would be in the order too.
    const category = await createCategory(w, { name: 'Reihenfolge' });
    const a = await createItem(w, { title: 'A', categories: [category] });
    const b = await createItem(w, { title: 'B', categories: [category] });
    const c = await createItem(w, { title: 'C', categories: [category] });
    expect(await titles(category)).toEqual(['A', 'B', 'C']);
    const response = await saveOrder(
      w.as.admin,
      [c, a, b].map((item) => ({ id: item.id, position: item.position })),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: c.id, position: 0 },
      { id: a.id, position: 1 },
      { id: b.id, position: 2 },
    ]);
    expect(await titles(category)).toEqual(['C', 'A', 'B']);
  });

  it('should refuse unknown and repeated ids with 400 and change nothing', async () => {
    const first = await createItem(w, { title: 'Erstes', categories: [normen] });
    const before = await titles();
    for (const list of [[{ id: 987654 }], [{ id: first?.id }, { id: first?.id }], []]) {
      const response = await saveOrder(w.as.admin, list);
      expect(response.statusCode).toBe(400);
    }
    const unknown = await saveOrder(w.as.admin, [{ id: first?.id }, { id: 987654 }]);
    expect(unknown.json()).toEqual({
      detail: CONTENT_MESSAGES.invalidOrder,
      errors: { contentList: CONTENT_MESSAGES.invalidOrder },
    });
    expect(await titles()).toEqual(before);
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    const first = await createItem(w, { title: 'Erstes', categories: [normen] });
    for (const headers of [w.as.mitglied, w.as.partner]) {
      expect((await saveOrder(headers, [{ id: first?.id }])).statusCode).toBe(403);
    }
    expect((await saveOrder({}, [{ id: first?.id }])).statusCode).toBe(401);
  });
});

describe('DELETE /api/content/{id}', () => {
  const remove = (id: number, headers: Headers) =>
    w.app.inject({ method: 'DELETE', url: CONTENT_API.byId(id), headers });

  it('should delete the item with its rows and its stored file', async () => {
    const item = await createItem(
      w,
      { title: 'Weg', categories: [normen] },
      {
        filename: 'p.csv',
        data: csvFixture('preisliste-excel-cp1252.csv'),
      },
    );
    const before = await tableCounts(w.t);
    expect(storedFiles(w.t)).toContain(keyOf(item.csvUrl));
    const response = await remove(item.id, w.as.admin);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await tableCounts(w.t)).toEqual({
      items: before.items - 1,
      links: before.links - 1,
      rows: before.rows - 5,
    });
    expect(storedFiles(w.t)).not.toContain(keyOf(item.csvUrl));
    expect(await titles()).not.toContain('Weg');
  });

  it('should answer 404 for an unknown item', async () => {
    expect((await remove(987654, w.as.admin)).statusCode).toBe(404);
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    const item = await createItem(w, { title: 'Bleibt', categories: [normen] });
    for (const headers of [w.as.mitglied, w.as.partner]) {
      const response = await remove(item.id, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().detail).toBe(MESSAGES.forbidden);
    }
    expect((await remove(item.id, {})).statusCode).toBe(401);
    expect(await titles()).toContain('Bleibt');
  });
});
