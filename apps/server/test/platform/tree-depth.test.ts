import {
  CATEGORY_API,
  MEDIA_API,
  type TContentCategory,
  type TMediaCategory,
  TREE_MAX_DEPTH,
  TREE_MESSAGES,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory as createContentCategory,
  flatten,
  saveCategory as saveContentCategory,
} from '../categories/category-helpers.ts';
import { createWorld, type World } from '../helpers/world.ts';
import {
  createCategory as createMediaCategory,
  saveCategory as saveMediaCategory,
} from '../media/media-helpers.ts';

// Issue 30, point 2: category trees nest at most TREE_MAX_DEPTH levels (what the 260 px navigation drawer can
// show). A dragged tree 1,000 levels deep answered 500 (the schema's recursion overflowed the stack); it is
// 400 now with a German message, as is any save that would put a category deeper.

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

type Node = { id: number; children?: Node[] };

/** `ids` nested one in the other, the first at the root. */
const chain = (ids: readonly number[]): Node[] =>
  ids.length === 0 ? [] : [{ id: ids[0] ?? 0, children: chain(ids.slice(1)) }];

/** A chain `depth` deep of the same id, built without recursion. */
function deepTree(depth: number): Node[] {
  let node: Node = { id: 1 };
  for (let level = 1; level < depth; level++) node = { id: 1, children: [node] };
  return [node];
}

interface Tree {
  name: string;
  url: string;
  treeField: string;
  field: string;
  create(name: string, parentId?: number): Promise<number>;
  save(input: Record<string, unknown>): ReturnType<typeof saveContentCategory>;
  levels(): Promise<Map<number, number>>;
}

const levelsOf = (tree: readonly (TContentCategory | TMediaCategory)[]) =>
  new Map(flatten<TContentCategory | TMediaCategory>(tree).map((node) => [node.id, node.level]));

const TREES: Tree[] = [
  {
    name: 'content categories',
    url: CATEGORY_API.saveTree,
    treeField: 'contentCategories',
    field: 'contentCategory',
    create: (name, parentId) => createContentCategory(w, { name, ...(parentId ? { parentId } : {}) }),
    save: (input) =>
      saveContentCategory(w, w.as.admin, {
        type: 'content',
        visibleForUserGroups: [w.groups.mitglieder],
        ...input,
      }),
    levels: async () => levelsOf(await w.json<TContentCategory[]>(CATEGORY_API.tree, w.as.admin)),
  },
  {
    name: 'media categories',
    url: MEDIA_API.saveTree,
    treeField: 'mediaCategories',
    field: 'mediaCategory',
    create: (name, parentId) => createMediaCategory(w, { name, ...(parentId ? { parentId } : {}) }),
    save: (input) => saveMediaCategory(w, w.as.admin, input),
    levels: async () => levelsOf(await w.json<TMediaCategory[]>(MEDIA_API.categories, w.as.admin)),
  },
];

for (const tree of TREES) {
  describe(`the depth of ${tree.name}`, () => {
    /** categories nested TREE_MAX_DEPTH deep, and one more root category with a child */
    const deepest: number[] = [];
    let branch = 0;
    let leaf = 0;
    beforeAll(async () => {
      for (let level = 1; level <= TREE_MAX_DEPTH; level++)
        deepest.push(await tree.create(`Ebene ${level}`, deepest.at(-1)));
      branch = await tree.create('Zweig');
      leaf = await tree.create('Blatt', branch);
    });

    const saveTree = (payload: unknown) =>
      w.app.inject({ method: 'POST', url: tree.url, headers: w.as.admin, payload: payload as object });
    const tooDeep = (field: string) => ({
      detail: TREE_MESSAGES.tooDeep,
      errors: { [field]: TREE_MESSAGES.tooDeep },
    });

    it('should refuse a dragged tree 1,000 levels deep with 400, as form text and as JSON', async () => {
      for (const value of [JSON.stringify(deepTree(1_000)), deepTree(1_000)]) {
        const response = await saveTree({ [tree.treeField]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(tooDeep(tree.treeField));
      }
    });

    it('should save a dragged tree as deep as allowed and refuse one level more', async () => {
      const before = await tree.levels();
      const deeper = await saveTree({
        [tree.treeField]: JSON.stringify(chain([...deepest, branch])),
      });
      expect(deeper.statusCode).toBe(400);
      expect(deeper.json()).toEqual(tooDeep(tree.treeField));
      expect(await tree.levels()).toEqual(before);

      const response = await saveTree({
        [tree.treeField]: JSON.stringify([...chain(deepest), { id: branch, children: [{ id: leaf }] }]),
      });
      expect(response.statusCode).toBe(200);
      expect((await tree.levels()).get(deepest.at(-1) ?? 0)).toBe(TREE_MAX_DEPTH);
    });

    it('should refuse a dragged tree that puts unnamed sub-categories too deep', async () => {
      const before = await tree.levels();
      // the branch goes to the deepest level; its leaf, left out of the tree, would follow one deeper
      const response = await saveTree({
        [tree.treeField]: JSON.stringify(chain([...deepest.slice(0, -1), branch])),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooDeep(tree.treeField));
      expect(await tree.levels()).toEqual(before);
    });

    it('should refuse a category under the deepest one with 400', async () => {
      const before = await tree.levels();
      const response = await tree.save({ name: 'Zu tief', parentId: deepest.at(-1) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooDeep(`${tree.field}.parentId`));
      expect(await tree.levels()).toEqual(before);
    });

    it('should refuse to move a category whose sub-categories would go too deep', async () => {
      const before = await tree.levels();
      const response = await tree.save({ id: branch, name: 'Zweig', parentId: deepest.at(-2) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooDeep(`${tree.field}.parentId`));
      expect(await tree.levels()).toEqual(before);
    });
  });
}
