import { MEDIA_API, MEDIA_MESSAGES, type TMediaCategory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flatten } from '../categories/category-helpers.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, createFile, getTree, saveCategory } from './media-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const names = (nodes: readonly TMediaCategory[]): string[] => nodes.map((node) => node.name);

async function saveTree(body: unknown) {
  const form = await multipartBody({ mediaCategories: JSON.stringify(body) });
  return w.t.app.inject({
    method: 'POST',
    url: MEDIA_API.saveTree,
    headers: { ...w.as.admin, ...form.headers },
    payload: form.payload,
  });
}

describe('POST /api/mediaCategory/', () => {
  it('should create a root category with level 1 and position 999 and answer the whole tree', async () => {
    const response = await saveCategory(w, w.as.admin, { name: 'Dokumente' });
    expect(response.statusCode).toBe(200);
    const tree = response.json<TMediaCategory[]>();
    const created = tree.find((node) => node.name === 'Dokumente');
    expect(created).toMatchObject({ level: 1, position: 999, parentId: null, mediaCount: 0, children: [] });
  });

  it('should nest a sub-category under its parent with the level that follows', async () => {
    const parent = await createCategory(w, { name: 'Bilder', position: 1 });
    const response = await saveCategory(w, w.as.admin, { name: 'Messen', parentId: parent, level: 7 });
    expect(response.statusCode).toBe(200);
    const node = flatten(response.json<TMediaCategory[]>()).find((entry) => entry.id === parent);
    expect(node?.children).toMatchObject([{ name: 'Messen', level: 2, parentId: parent, position: 999 }]);
  });

  it('should rename a category and keep its parent and position', async () => {
    const parent = await createCategory(w, { name: 'Archiv' });
    const id = await createCategory(w, { name: 'Alt', parentId: parent, position: 3 });
    const response = await saveCategory(w, w.as.admin, { id, name: 'Älter' });
    expect(response.statusCode).toBe(200);
    const node = flatten(response.json<TMediaCategory[]>()).find((entry) => entry.id === id);
    expect(node).toMatchObject({ name: 'Älter', parentId: parent, position: 3, level: 2 });
  });

  it('should refuse a missing or blank name with 400 and the German message', async () => {
    for (const input of [{}, { name: '   ' }]) {
      const response = await saveCategory(w, w.as.admin, input);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: 'Name ist ein Pflichtfeld.',
        errors: { 'mediaCategory.name': 'Name ist ein Pflichtfeld.' },
      });
    }
  });

  it('should refuse an unknown parent with 400, an unknown id with 404 and a cycle with 400', async () => {
    const unknownParent = await saveCategory(w, w.as.admin, { name: 'X', parentId: 999_999 });
    expect(unknownParent.statusCode).toBe(400);
    expect(unknownParent.json().detail).toBe(MEDIA_MESSAGES.unknownParent);
    expect((await saveCategory(w, w.as.admin, { id: 999_999, name: 'X' })).statusCode).toBe(404);
    const top = await createCategory(w, { name: 'Oben' });
    const below = await createCategory(w, { name: 'Unten', parentId: top });
    const cycle = await saveCategory(w, w.as.admin, { id: top, name: 'Oben', parentId: below });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().detail).toBe(MEDIA_MESSAGES.ownParent);
    expect(flatten(await getTree(w)).find((node) => node.id === top)?.parentId).toBeNull();
  });
});

describe('GET /api/mediaCategory/ and /api/mediaCategory/{id}', () => {
  it('should count the files of each category', async () => {
    const id = await createCategory(w, { name: 'Gezählt' });
    await createFile(w, id, 'Eins.pdf');
    await createFile(w, id, 'Zwei.pdf');
    const tree = await getTree(w);
    expect(flatten(tree).find((node) => node.id === id)?.mediaCount).toBe(2);
  });

  it('should answer one category with its sub-categories', async () => {
    const parent = await createCategory(w, { name: 'Eltern' });
    await createCategory(w, { name: 'Kind', parentId: parent });
    const response = await w.t.app.inject({ url: MEDIA_API.category(parent), headers: w.as.admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: parent, name: 'Eltern', level: 1, mediaCount: 0 });
    expect(names(response.json<TMediaCategory>().children)).toEqual(['Kind']);
  });

  it('should answer 404 for an unknown category', async () => {
    const response = await w.t.app.inject({ url: MEDIA_API.category(999_999), headers: w.as.admin });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/mediaCategory/saveTree/', () => {
  it('should take parents from the nesting and positions from the order, and answer the tree', async () => {
    const a = await createCategory(w, { name: 'Baum A' });
    const b = await createCategory(w, { name: 'Baum B' });
    const c = await createCategory(w, { name: 'Baum C' });
    const response = await saveTree([{ id: b, children: [{ id: a }, { id: c, children: [] }] }]);
    expect(response.statusCode).toBe(200);
    const nodes = flatten(response.json<TMediaCategory[]>());
    const byId = (id: number) => nodes.find((node) => node.id === id);
    expect(byId(b)).toMatchObject({ parentId: null, position: 0, level: 1 });
    expect(byId(a)).toMatchObject({ parentId: b, position: 0, level: 2 });
    expect(byId(c)).toMatchObject({ parentId: b, position: 1, level: 2 });
    expect(names(byId(b)?.children ?? [])).toEqual(['Baum A', 'Baum C']);
  });

  it('should refuse unknown or repeated ids with 400 and change nothing', async () => {
    const a = await createCategory(w, { name: 'Fest' });
    const before = await getTree(w);
    for (const body of [[{ id: 999_999 }], [{ id: a, children: [{ id: a }] }]]) {
      const response = await saveTree(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(MEDIA_MESSAGES.invalidTree);
    }
    expect(await getTree(w)).toEqual(before);
  });
});

describe('DELETE /api/mediaCategory/{id}', () => {
  it('should delete an empty category and answer the tree without it', async () => {
    const id = await createCategory(w, { name: 'Leer' });
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.category(id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(flatten(response.json<TMediaCategory[]>()).some((node) => node.id === id)).toBe(false);
  });

  it('should refuse a category that holds files or sub-categories with 409', async () => {
    const withFile = await createCategory(w, { name: 'Mit Datei' });
    await createFile(w, withFile, 'Datei.pdf');
    const withChild = await createCategory(w, { name: 'Mit Kind' });
    await createCategory(w, { name: 'Kind', parentId: withChild });
    for (const id of [withFile, withChild]) {
      const response = await w.t.app.inject({
        method: 'DELETE',
        url: MEDIA_API.category(id),
        headers: w.as.admin,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        detail: 'Die Kategorie enthält noch Dateien oder Unterkategorien und kann nicht gelöscht werden.',
      });
    }
    expect(flatten(await getTree(w)).filter((node) => [withFile, withChild].includes(node.id))).toHaveLength(
      2,
    );
  });

  it('should answer 404 for an unknown category', async () => {
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.category(999_999),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it.each(['mitglied', 'partner'] as const)(
    'should refuse every category endpoint to %s with 403',
    async (role) => {
      const id = await createCategory(w, { name: `Für ${role}` });
      const headers = w.as[role];
      const requests = [
        w.t.app.inject({ url: MEDIA_API.categories, headers }),
        w.t.app.inject({ url: MEDIA_API.category(id), headers }),
        saveCategory(w, headers, { name: 'Neu' }),
        w.t.app.inject({
          method: 'POST',
          url: MEDIA_API.saveTree,
          headers,
          payload: { mediaCategories: '[]' },
        }),
        w.t.app.inject({ method: 'DELETE', url: MEDIA_API.category(id), headers }),
      ];
      for (const response of await Promise.all(requests)) expect(response.statusCode).toBe(403);
      expect(flatten(await getTree(w)).some((node) => node.id === id)).toBe(true);
    },
  );

  it('should refuse a request without token with 401', async () => {
    const response = await w.t.app.inject({ url: MEDIA_API.categories });
    expect(response.statusCode).toBe(401);
  });
});
