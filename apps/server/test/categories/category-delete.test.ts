import { CATEGORY_API, CATEGORY_MESSAGES, CONTENT_API, type TContentCategory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, listContent, tableCounts } from '../content/content-helpers.ts';
import { csvFixture } from '../content/csv-fixtures.ts';
import { createWorld, type Headers, keyOf, storedFiles, type World } from '../helpers/world.ts';
import { createCategory, flatten, getTree } from './category-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const remove = (id: number, headers: Headers) =>
  w.app.inject({ method: 'DELETE', url: CATEGORY_API.byId(id), headers });
const names = async () => flatten(await getTree(w, w.as.admin)).map((category) => category.name);

describe('DELETE /api/contentCategory/{id}', () => {
  it('should refuse a category with sub-categories with 409 and delete nothing', async () => {
    const parent = await createCategory(w, { name: 'Eltern' });
    await createCategory(w, { name: 'Kind', parentId: parent });
    const item = await createItem(w, { title: 'Bleibt', categories: [parent] });
    const response = await remove(parent, w.as.admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: 'Die Kategorie enthält noch Unterkategorien und kann nicht gelöscht werden.',
    });
    expect(CATEGORY_MESSAGES.hasChildren).toBe(response.json().detail);
    expect(await names()).toEqual(expect.arrayContaining(['Eltern', 'Kind']));
    expect((await listContent(w, w.as.admin, parent)).map((entry) => entry.id)).toEqual([item.id]);
  });

  it('should delete the category and its own items with rows and files, keep items filed elsewhere, and return the tree', async () => {
    const doomed = await createCategory(w, { name: 'Weg' });
    const other = await createCategory(w, { name: 'Andere' });
    const preisliste = { filename: 'p.csv', data: csvFixture('preisliste-excel-cp1252.csv') };
    const own = await createItem(w, { title: 'Nur hier', categories: [doomed] }, preisliste);
    const shared = await createItem(w, { title: 'Auch anderswo', categories: [doomed, other] }, preisliste);
    const before = await tableCounts(w.t);

    const response = await remove(doomed, w.as.admin);
    expect(response.statusCode).toBe(200);
    const tree = response.json<TContentCategory[]>();
    expect(flatten(tree).map((category) => category.name)).not.toContain('Weg');
    expect(flatten(tree).map((category) => category.name)).toContain('Andere');

    expect(await tableCounts(w.t)).toEqual({
      items: before.items - 1,
      links: before.links - 2,
      rows: before.rows - 5,
    });
    expect(storedFiles(w.t)).not.toContain(keyOf(own.csvUrl));
    expect(storedFiles(w.t)).toContain(keyOf(shared.csvUrl));
    const [kept] = await listContent(w, w.as.admin, other);
    expect(kept).toMatchObject({ id: shared.id, categories: [other], csvRowCount: 5 });
    const gone = await w.app.inject({ url: CONTENT_API.byCategory(doomed), headers: w.as.admin });
    expect(gone.statusCode).toBe(404);
  });

  it('should answer 404 for an unknown category', async () => {
    expect((await remove(987654, w.as.admin)).statusCode).toBe(404);
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    const id = await createCategory(w, {
      name: 'Geschützt',
      visibleForUserGroups: [w.groups.mitglieder, w.groups.partner],
    });
    for (const headers of [w.as.mitglied, w.as.partner])
      expect((await remove(id, headers)).statusCode).toBe(403);
    expect((await remove(id, {})).statusCode).toBe(401);
    expect(await names()).toContain('Geschützt');
  });
});
