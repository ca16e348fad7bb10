import { CATEGORY_API, CATEGORY_MESSAGES, FORM_MESSAGES, type TContentCategory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, flatten, getTree, saveCategory } from './category-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const node = async (id: number) => {
  const found = flatten(await getTree(w, w.as.admin)).find((category) => category.id === id);
  if (!found) throw new Error(`category ${id} not in the tree`);
  return found;
};
const count = async () => flatten(await getTree(w, w.as.admin)).length;

describe('POST /api/contentCategory/ (create)', () => {
  it('should create a root category with level 1 and position 999 and return the whole tree', async () => {
    const before = await count();
    const response = await saveCategory(w, w.as.admin, {
      name: '  Verbandsinfos ',
      type: 'content',
      description: '<p>Neues vom <strong>Verband</strong><script>alert(1)</script></p>',
      visibleForUserGroups: [w.groups.mitglieder, w.groups.partner],
      showInQuickAccess: true,
    });
    expect(response.statusCode).toBe(200);
    const tree = response.json<TContentCategory[]>();
    expect(flatten(tree)).toHaveLength(before + 1);
    expect(tree.find((category) => category.name === 'Verbandsinfos')).toMatchObject({
      type: 'content',
      url: null,
      level: 1,
      position: 999,
      parentId: null,
      parentNames: [],
      showInQuickAccess: true,
      description: '<p>Neues vom <strong>Verband</strong></p>',
      visibleForUserGroups: [w.groups.mitglieder, w.groups.partner].sort((a, b) => a - b),
    });
  });

  it('should place a new category under its parent one level deeper', async () => {
    const parent = await createCategory(w, { name: 'Technik' });
    const child = await createCategory(w, { name: 'Normen', parentId: parent, position: 3 });
    expect(await node(child)).toMatchObject({ parentId: parent, level: 2, position: 3 });
    expect((await node(parent)).children.map((category) => category.id)).toEqual([child]);
  });

  it('should store a url category with its url and forget a url given to a content category', async () => {
    const link = await createCategory(w, {
      name: 'Dienstleister',
      type: 'url',
      url: ' /dienstleistungsangebote ',
    });
    expect(await node(link)).toMatchObject({ type: 'url', url: '/dienstleistungsangebote' });
    const page = await createCategory(w, { name: 'Seite', type: 'content', url: 'https://example.org' });
    expect((await node(page)).url).toBeNull();
  });

  it('should accept the field as multipart form data, as the web app sends it', async () => {
    const response = await w.postMultipart(CATEGORY_API.tree, w.as.admin, {
      contentCategory: JSON.stringify({
        name: 'Aus Formular',
        type: 'content',
        visibleForUserGroups: [w.groups.gf],
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(flatten(response.json<TContentCategory[]>()).map((category) => category.name)).toContain(
      'Aus Formular',
    );
  });
});

describe('POST /api/contentCategory/ (validation)', () => {
  const refuse = async (input: Parameters<typeof saveCategory>[2], errors: Record<string, string>) => {
    const before = await count();
    const response = await saveCategory(w, w.as.admin, input);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
    expect(Object.values(errors)).toContain(response.json().detail);
    expect(await count()).toBe(before);
  };

  it('should name every missing field with the German message of SPEC §5', async () => {
    await refuse(
      { type: 'url' },
      {
        'contentCategory.name': 'Name ist ein Pflichtfeld.',
        'contentCategory.visibleForUserGroups': 'Sichtbarkeit ist ein Pflichtfeld.',
        'contentCategory.url': 'URL ist ein Pflichtfeld.',
      },
    );
    await refuse(
      { name: ' ', visibleForUserGroups: [w.groups.mitglieder] },
      {
        'contentCategory.name': 'Name ist ein Pflichtfeld.',
        'contentCategory.type': 'Typ ist ein Pflichtfeld.',
      },
    );
    await refuse(
      { name: 'Leer', type: 'content', visibleForUserGroups: [] },
      { 'contentCategory.visibleForUserGroups': 'Sichtbarkeit ist ein Pflichtfeld.' },
    );
    await refuse(
      { name: 'Link', type: 'url', url: '', visibleForUserGroups: [w.groups.mitglieder] },
      { 'contentCategory.url': 'URL ist ein Pflichtfeld.' },
    );
  });

  it('should refuse a url that is neither http(s) nor a path', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://x']) {
      await refuse(
        { name: 'Link', type: 'url', url, visibleForUserGroups: [w.groups.mitglieder] },
        { 'contentCategory.url': CATEGORY_MESSAGES.urlInvalid },
      );
    }
  });

  it('should refuse an unknown type, group or parent', async () => {
    await refuse(
      { name: 'X', type: 'blog' as 'url', visibleForUserGroups: [w.groups.mitglieder] },
      { 'contentCategory.type': 'Typ ist ein Pflichtfeld.' },
    );
    await refuse(
      { name: 'X', type: 'content', visibleForUserGroups: [987654] },
      { 'contentCategory.visibleForUserGroups': CATEGORY_MESSAGES.unknownGroup },
    );
    await refuse(
      { name: 'X', type: 'content', visibleForUserGroups: [w.groups.mitglieder], parentId: 987654 },
      { 'contentCategory.parentId': CATEGORY_MESSAGES.unknownParent },
    );
  });

  it('should refuse a field that is no JSON', async () => {
    await refuse('{"name": "kaputt"', { contentCategory: FORM_MESSAGES.invalidJson });
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    const input = { name: 'Verboten', type: 'content' as const, visibleForUserGroups: [w.groups.mitglieder] };
    for (const headers of [w.as.mitglied, w.as.partner]) {
      expect((await saveCategory(w, headers, input)).statusCode).toBe(403);
    }
    expect((await saveCategory(w, {}, input)).statusCode).toBe(401);
    expect(flatten(await getTree(w, w.as.admin)).map((category) => category.name)).not.toContain('Verboten');
  });
});

describe('POST /api/contentCategory/ (update)', () => {
  it('should change the fields and keep the parent and position when they are not sent', async () => {
    const parent = await createCategory(w, { name: 'Eltern' });
    const id = await createCategory(w, { name: 'Alt', parentId: parent, position: 4 });
    const response = await saveCategory(w, w.as.admin, {
      id,
      name: 'Neu',
      type: 'url',
      url: 'https://www.example.org/seite',
      visibleForUserGroups: [w.groups.partner],
    });
    expect(response.statusCode).toBe(200);
    expect(await node(id)).toMatchObject({
      name: 'Neu',
      type: 'url',
      url: 'https://www.example.org/seite',
      parentId: parent,
      level: 2,
      position: 4,
      visibleForUserGroups: [w.groups.partner],
    });
  });

  it('should move a category with its subtree and renumber the levels', async () => {
    const a = await createCategory(w, { name: 'A' });
    const b = await createCategory(w, { name: 'B', parentId: a });
    const c = await createCategory(w, { name: 'C', parentId: b });
    const target = await createCategory(w, { name: 'Ziel' });
    const t2 = await createCategory(w, { name: 'Ziel 2', parentId: target });
    const response = await saveCategory(w, w.as.admin, {
      id: b,
      name: 'B',
      type: 'content',
      visibleForUserGroups: [w.groups.mitglieder],
      parentId: t2,
    });
    expect(response.statusCode).toBe(200);
    expect(await node(b)).toMatchObject({ parentId: t2, level: 3 });
    expect(await node(c)).toMatchObject({ parentId: b, level: 4 });
    const moveToRoot = await saveCategory(w, w.as.admin, {
      id: b,
      name: 'B',
      type: 'content',
      visibleForUserGroups: [w.groups.mitglieder],
      parentId: null,
    });
    expect(moveToRoot.statusCode).toBe(200);
    expect(await node(c)).toMatchObject({ level: 2 });
  });

  it('should refuse to move a category below itself or its descendants and change nothing', async () => {
    const a = await createCategory(w, { name: 'Kreis A' });
    const b = await createCategory(w, { name: 'Kreis B', parentId: a });
    for (const parentId of [a, b]) {
      const response = await saveCategory(w, w.as.admin, {
        id: a,
        name: 'Kreis A geändert',
        type: 'content',
        visibleForUserGroups: [w.groups.mitglieder],
        parentId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe(CATEGORY_MESSAGES.ownParent);
    }
    expect(await node(a)).toMatchObject({ name: 'Kreis A', parentId: null, level: 1 });
  });

  it('should answer 404 for an unknown id', async () => {
    const response = await saveCategory(w, w.as.admin, {
      id: 987654,
      name: 'X',
      type: 'content',
      visibleForUserGroups: [w.groups.mitglieder],
    });
    expect(response.statusCode).toBe(404);
  });
});
