import { CATEGORY_API, CATEGORY_MESSAGES, type TContentCategory } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../helpers/world.ts';
import { createCategory, flatten, getTree } from './category-helpers.ts';

let w: World;
const ids: Record<string, number> = {};
beforeAll(async () => {
  w = await createWorld();
  ids.a = await createCategory(w, { name: 'A' });
  ids.a1 = await createCategory(w, { name: 'A1', parentId: ids.a });
  ids.b = await createCategory(w, { name: 'B' });
  ids.b1 = await createCategory(w, { name: 'B1', parentId: ids.b });
  ids.b1x = await createCategory(w, { name: 'B1x', parentId: ids.b1 });
  ids.c = await createCategory(w, { name: 'C', visibleForUserGroups: [w.groups.gf] });
});
afterAll(() => w.t.close());

const id = (name: string) => ids[name] ?? 0;

function saveTree(headers: Record<string, string>, tree: unknown) {
  return w.app.inject({
    method: 'POST',
    url: CATEGORY_API.saveTree,
    headers,
    payload: { contentCategories: JSON.stringify(tree) },
  });
}

type Placement = { name: string; level: number; position: number; children: Placement[] };
const placements = (tree: readonly TContentCategory[]): Placement[] =>
  tree.map((node) => ({
    name: node.name,
    level: node.level,
    position: node.position,
    children: placements(node.children),
  }));

/** C, then B holding A (with B1x and A1) and B1: moves at every level. */
const dragged = () => [
  { id: id('c') },
  {
    id: id('b'),
    children: [{ id: id('a'), children: [{ id: id('b1x') }, { id: id('a1') }] }, { id: id('b1') }],
  },
];

/** Places the tree as given, whatever an earlier test left: a test that reads placements arranges them first. */
async function arrange(tree: unknown[]): Promise<void> {
  expect((await saveTree(w.as.admin, tree)).statusCode).toBe(200);
}

describe('POST /api/contentCategory/saveTree/', () => {
  it('should set parents, positions and levels from a dragged tree and return it', async () => {
    const response = await saveTree(w.as.admin, dragged());
    expect(response.statusCode).toBe(200);
    const expected = [
      { name: 'C', level: 1, position: 0, children: [] },
      {
        name: 'B',
        level: 1,
        position: 1,
        children: [
          {
            name: 'A',
            level: 2,
            position: 0,
            children: [
              { name: 'B1x', level: 3, position: 0, children: [] },
              { name: 'A1', level: 3, position: 1, children: [] },
            ],
          },
          { name: 'B1', level: 2, position: 1, children: [] },
        ],
      },
    ];
    expect(placements(response.json<TContentCategory[]>())).toEqual(expected);
    expect(placements(await getTree(w, w.as.admin))).toEqual(expected);
    const b1x = flatten(await getTree(w, w.as.admin)).find((node) => node.id === id('b1x'));
    expect(b1x?.parentNames.map((parent) => parent.name)).toEqual(['B', 'A']);
  });

  it('should accept the full nodes the tree endpoint returned, as multipart form data', async () => {
    await arrange(dragged());
    const tree = await getTree(w, w.as.admin);
    const response = await w.postMultipart(CATEGORY_API.saveTree, w.as.admin, {
      contentCategories: JSON.stringify([...tree].reverse()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<TContentCategory[]>().map((node) => node.name)).toEqual(['B', 'C']);
  });

  it('should leave categories that are not in the tree where they are', async () => {
    await arrange(dragged().reverse());
    const response = await saveTree(w.as.admin, [{ id: id('a1') }]);
    expect(response.statusCode).toBe(200);
    const tree = response.json<TContentCategory[]>();
    expect(tree.map((node) => node.name)).toEqual(['A1', 'B', 'C']);
    expect(flatten(tree).find((node) => node.id === id('b1x'))).toMatchObject({
      parentId: id('a'),
      level: 3,
    });
  });

  it('should refuse unknown and repeated ids with 400 and change nothing', async () => {
    const before = placements(await getTree(w, w.as.admin));
    const invalid = [
      [{ id: 987654 }],
      [{ id: id('a'), children: [{ id: id('a') }] }],
      [{ id: id('b'), children: [{ id: id('c') }] }, { id: id('c') }],
      [
        { id: id('a'), children: [{ id: id('b') }] },
        { id: id('b'), children: [{ id: id('a') }] },
      ],
    ];
    for (const tree of invalid) {
      const response = await saveTree(w.as.admin, tree);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: CATEGORY_MESSAGES.invalidTree,
        errors: { contentCategories: CATEGORY_MESSAGES.invalidTree },
      });
    }
    expect(placements(await getTree(w, w.as.admin))).toEqual(before);
  });

  it('should refuse nodes without a numeric id with 400', async () => {
    const response = await saveTree(w.as.admin, [{ name: 'ohne ID' }]);
    expect(response.statusCode).toBe(400);
  });

  it('should refuse members and partners with 403 and a request without token with 401', async () => {
    for (const headers of [w.as.mitglied, w.as.partner, w.as.chef]) {
      expect((await saveTree(headers, [{ id: id('c') }])).statusCode).toBe(403);
    }
    expect((await saveTree({}, [{ id: id('c') }])).statusCode).toBe(401);
  });
});
