import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { de } from '../../../i18n/de';
import { useSaveCategoryTree } from '../api/save-category-tree';
import { isCurrentCategory } from '../lib/category-link';
import {
  dropTarget,
  findNode,
  flattenVisible,
  moveNode,
  type Projection,
  projectDrop,
  sameShape,
} from '../lib/tree-transforms';
import type { CategoryTreeProps } from './category-tree';
import classes from './category-tree.module.css';
import { TREE_INDENT_PX } from './category-tree-row';
import { SortableTreeRow } from './sortable-tree-row';
import { treeKeyboardCoordinates } from './tree-keyboard';

interface DragState {
  activeId: number;
  overId: number;
  offsetX: number;
}

const measuring = { droppable: { strategy: MeasuringStrategy.Always } };

/**
 * The drawer tree for admins: drag a node by its handle (mouse, touch or keyboard) to reorder it or, by
 * moving it left or right, to change its parent. A drop saves the whole tree (SPEC §4).
 */
export function SortableCategoryTree({ tree, expanded, onToggle, onExpand }: CategoryTreeProps) {
  const { pathname } = useLocation();
  const [drag, setDrag] = useState<DragState | null>(null);
  const saveTree = useSaveCategoryTree();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: treeKeyboardCoordinates }),
  );
  const items = useMemo(
    () => flattenVisible(tree, expanded, drag?.activeId ?? null),
    [tree, expanded, drag?.activeId],
  );
  const projection = drag
    ? projectDrop(items, drag.activeId, drag.overId, drag.offsetX, TREE_INDENT_PX)
    : null;
  const projectionRef = useRef<Projection | null>(null);
  projectionRef.current = projection;

  const nameOf = (id: number | string | undefined) =>
    (typeof id === 'number' ? findNode(tree, id)?.name : undefined) ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => de.categories.dnd.picked(nameOf(active.id)),
    onDragMove: ({ active }) => describeProjection(nameOf(active.id)),
    onDragOver: ({ active }) => describeProjection(nameOf(active.id)),
    onDragEnd: ({ active }) => de.categories.dnd.dropped(nameOf(active.id)),
    onDragCancel: ({ active }) => de.categories.dnd.cancelled(nameOf(active.id)),
  };
  function describeProjection(name: string): string | undefined {
    const current = projectionRef.current;
    if (!current) return undefined;
    const parent = current.parentId === null ? null : nameOf(current.parentId);
    return de.categories.dnd.over(name, current.depth + 1, parent);
  }

  function start({ active }: DragStartEvent) {
    if (typeof active.id !== 'number') return;
    setDrag({ activeId: active.id, overId: active.id, offsetX: 0 });
  }
  function move({ delta }: DragMoveEvent) {
    setDrag((current) =>
      current && current.offsetX !== delta.x ? { ...current, offsetX: delta.x } : current,
    );
  }
  function over({ over: target }: DragOverEvent) {
    const overId = target?.id;
    if (typeof overId !== 'number') return;
    setDrag((current) => (current && current.overId !== overId ? { ...current, overId } : current));
  }
  function end({ active, over: target, delta }: DragEndEvent) {
    setDrag(null);
    if (typeof active.id !== 'number' || typeof target?.id !== 'number') return;
    // From the event, not from state: a quick keyboard drop can come before React rendered the last move.
    const visible = flattenVisible(tree, expanded, active.id);
    const projection = projectDrop(visible, active.id, target.id, delta.x, TREE_INDENT_PX);
    const place = projection && dropTarget(visible, active.id, target.id, projection);
    if (!place) return;
    const next = moveNode(tree, active.id, place);
    if (sameShape(next, tree)) return;
    if (place.parentId !== null) onExpand(place.parentId);
    saveTree.mutate(next);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      measuring={measuring}
      onDragStart={start}
      onDragMove={move}
      onDragOver={over}
      onDragEnd={end}
      onDragCancel={() => setDrag(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: de.categories.dnd.instructions },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul className={classes.list}>
          {items.map((item) => (
            <SortableTreeRow
              key={item.id}
              item={item}
              depth={item.id === drag?.activeId && projection ? projection.depth : item.depth}
              active={isCurrentCategory(item.node, pathname)}
              onToggle={onToggle}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
