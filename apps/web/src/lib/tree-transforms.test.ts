import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  dropTarget,
  type FlatNode,
  flattenVisible,
  moveNode,
  parentIds,
  projectDrop,
  sameShape,
  type TreeItem,
  toSaveNodes,
  treeOptions,
} from './tree-transforms';

interface Node extends TreeItem<Node> {
  name: string;
}

/** A tree from `[id, children?]` pairs; levels and positions as the server sends them. */
type Spec = [number, Spec[]?];
function tree(specs: Spec[], parentId: number | null = null, level = 1): Node[] {
  return specs.map(([id, children = []], position) => ({
    id,
    name: `K${id}`,
    parentId,
    level,
    position,
    children: tree(children, id, level + 1),
  }));
}

const INDENT = 20;
// 1 ─┬─ 2
//    └─ 3 ── 4
// 5
// 6
const sample = () => tree([[1, [[2], [3, [[4]]]]], [5], [6]]);
const ids = (items: readonly FlatNode<Node>[]) => items.map((item) => `${item.id}@${item.depth}`);

describe('flattenVisible', () => {
  it('shows only root nodes while everything is collapsed', () => {
    expect(ids(flattenVisible(sample(), new Set()))).toEqual(['1@0', '5@0', '6@0']);
  });

  it('shows the children of expanded nodes with their depth', () => {
    const flat = flattenVisible(sample(), new Set([1, 3]));
    expect(ids(flat)).toEqual(['1@0', '2@1', '3@1', '4@2', '5@0', '6@0']);
    expect(flat.find((item) => item.id === 3)).toMatchObject({
      parentId: 1,
      hasChildren: true,
      expanded: true,
    });
  });

  it('hides the children of the dragged node', () => {
    expect(ids(flattenVisible(sample(), new Set([1, 3]), 1))).toEqual(['1@0', '5@0', '6@0']);
  });
});

describe('parentIds', () => {
  it('lists every node with children', () => {
    expect(parentIds(sample())).toEqual([1, 3]);
  });
});

describe('projectDrop and dropTarget', () => {
  const expanded = new Set([1, 3]);

  function drop(activeId: number, overId: number, offsetX: number) {
    const items = flattenVisible(sample(), expanded, activeId);
    const projection = projectDrop(items, activeId, overId, offsetX, INDENT);
    if (!projection) throw new Error('no projection');
    return { projection, target: dropTarget(items, activeId, overId, projection) };
  }

  it('reorders root nodes without an offset', () => {
    expect(drop(6, 5, 0)).toEqual({
      projection: { depth: 0, parentId: null },
      target: { parentId: null, afterId: 1 },
    });
  });

  it('moves a node to the very top', () => {
    expect(drop(5, 1, 0).target).toEqual({ parentId: null, afterId: null });
  });

  it('re-parents under the node above when dragged one indent to the right', () => {
    // 6 over 6 (stays in place) but one level deeper: last child of 5.
    expect(drop(6, 6, INDENT)).toEqual({
      projection: { depth: 1, parentId: 5 },
      target: { parentId: 5, afterId: null },
    });
  });

  it('never nests deeper than one level below the node above', () => {
    expect(drop(6, 6, 5 * INDENT).projection).toEqual({ depth: 1, parentId: 5 });
  });

  it('places a node before the children of an expanded parent when moving up', () => {
    // 5 dragged up over 4 (depth 2 under 3) lands between 3 and 4: the first child of 3.
    expect(drop(5, 4, 2 * INDENT)).toEqual({
      projection: { depth: 2, parentId: 3 },
      target: { parentId: 3, afterId: null },
    });
  });

  it('places a node after the last child of an expanded parent', () => {
    // 6 dragged up over 5 lands between 4 and 5; two indents to the right make it a sibling of 4.
    expect(drop(6, 5, 2 * INDENT)).toEqual({
      projection: { depth: 2, parentId: 3 },
      target: { parentId: 3, afterId: 4 },
    });
  });

  it('moves a child out to the root when dragged to the left', () => {
    // 4 over 5 (moving down past 5) at depth 0: after 5 at the root.
    expect(drop(4, 5, -2 * INDENT).target).toEqual({ parentId: null, afterId: 5 });
  });
});

describe('moveNode', () => {
  it('renumbers positions, levels and parents after a move', () => {
    const moved = moveNode(sample(), 3, { parentId: null, afterId: 5 });
    expect(toSaveNodes(moved)).toEqual([
      { id: 1, children: [{ id: 2, children: [] }] },
      { id: 5, children: [] },
      { id: 3, children: [{ id: 4, children: [] }] },
      { id: 6, children: [] },
    ]);
    const three = moved[2];
    expect(three).toMatchObject({ parentId: null, level: 1, position: 2 });
    expect(three?.children[0]).toMatchObject({ parentId: 3, level: 2, position: 0 });
  });

  it('puts a node first under a collapsed parent, keeping its hidden children', () => {
    const moved = moveNode(sample(), 6, { parentId: 3, afterId: null });
    expect(toSaveNodes(moved)[0]).toEqual({
      id: 1,
      children: [
        { id: 2, children: [] },
        {
          id: 3,
          children: [
            { id: 6, children: [] },
            { id: 4, children: [] },
          ],
        },
      ],
    });
    expect(moved.find((node) => node.id === 1)?.children[1]?.children[0]).toMatchObject({ level: 3 });
  });

  it('refuses to move a node into its own subtree', () => {
    const before = sample();
    expect(sameShape(moveNode(before, 1, { parentId: 4, afterId: null }), before)).toBe(true);
  });

  it('leaves the input untouched', () => {
    const before = sample();
    const copy = structuredClone(before);
    moveNode(before, 2, { parentId: null, afterId: null });
    expect(before).toEqual(copy);
  });
});

describe('ancestorIds', () => {
  it('lists the ancestors of a node, root first', () => {
    expect(ancestorIds(sample(), 4)).toEqual([1, 3]);
    expect(ancestorIds(sample(), 2)).toEqual([1]);
  });

  it('is empty for root nodes and unknown ids', () => {
    expect(ancestorIds(sample(), 5)).toEqual([]);
    expect(ancestorIds(sample(), 99)).toEqual([]);
  });
});

describe('treeOptions', () => {
  it('offers every node in tree order, indented by level', () => {
    expect(treeOptions(sample(), null).map((option) => option.label)).toEqual([
      'K1',
      '\u2003K2',
      '\u2003K3',
      '\u2003\u2003K4',
      'K5',
      'K6',
    ]);
  });

  it('leaves out the edited node and its subtree', () => {
    expect(treeOptions(sample(), 3).map((option) => option.value)).toEqual(['1', '2', '5', '6']);
  });
});
