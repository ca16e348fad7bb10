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
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { de } from '../../i18n/de';
import {
  dropTarget,
  findNode,
  flattenVisible,
  moveNode,
  projectDrop,
  sameShape,
} from '../../lib/tree-transforms';
import { SortableTreeRow } from './sortable-tree-row';
import classes from './tree.module.css';
import { treeKeyboardCoordinates } from './tree-keyboard';
import { TREE_INDENT_PX } from './tree-row';
import type { NamedTreeItem, TreeViewProps } from './types';

export interface SortableTreeProps<T extends NamedTreeItem<T>> extends TreeViewProps<T> {
  /** Unfolds a node (the new parent of a dropped node). */
  onExpand: (id: number) => void;
  /** The whole tree after a drop that changed it: save it (SPEC §4). */
  onMove: (next: T[]) => void;
  /** The admin actions of a node, after its drag handle. */
  renderActions?: (node: T) => ReactNode;
}

interface DragState {
  activeId: number;
  overId: number;
  offsetX: number;
}

const measuring = { droppable: { strategy: MeasuringStrategy.Always } };

/**
 * A tree for admins: drag a node by its handle (mouse, touch or keyboard) to reorder it or, by moving it
 * left or right, to change its parent. A drop hands the whole moved tree to `onMove`.
 */
export function SortableTree<T extends NamedTreeItem<T>>({
  tree,
  expanded,
  onToggle,
  onExpand,
  onMove,
  isActive,
  renderLabel,
  renderActions,
}: SortableTreeProps<T>) {
  const [drag, setDrag] = useState<DragState | null>(null);
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
  // The drag as the handlers last saw it: dnd-kit announces in the same batch as it calls them, before
  // React renders the new state, so the announcements read this rather than `projection`.
  const dragRef = useRef<DragState | null>(null);

  const nameOf = (id: number | string | undefined) =>
    (typeof id === 'number' ? findNode(tree, id)?.name : undefined) ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => de.tree.dnd.picked(nameOf(active.id)),
    onDragMove: ({ active }) => describeProjection(nameOf(active.id)),
    onDragOver: ({ active }) => describeProjection(nameOf(active.id)),
    onDragEnd: ({ active }) => de.tree.dnd.dropped(nameOf(active.id)),
    onDragCancel: ({ active }) => de.tree.dnd.cancelled(nameOf(active.id)),
  };
  function describeProjection(name: string): string | undefined {
    const current = dragRef.current;
    if (!current) return undefined;
    const visible = flattenVisible(tree, expanded, current.activeId);
    const place = projectDrop(visible, current.activeId, current.overId, current.offsetX, TREE_INDENT_PX);
    if (!place) return undefined;
    const parent = place.parentId === null ? null : nameOf(place.parentId);
    return de.tree.dnd.over(name, place.depth + 1, parent);
  }

  function update(next: DragState | null) {
    dragRef.current = next;
    setDrag(next);
  }
  function start({ active }: DragStartEvent) {
    if (typeof active.id !== 'number') return;
    update({ activeId: active.id, overId: active.id, offsetX: 0 });
  }
  function move({ delta }: DragMoveEvent) {
    const current = dragRef.current;
    if (current && current.offsetX !== delta.x) update({ ...current, offsetX: delta.x });
  }
  function over({ over: target }: DragOverEvent) {
    const current = dragRef.current;
    const overId = target?.id;
    if (current && typeof overId === 'number' && current.overId !== overId) update({ ...current, overId });
  }
  function end({ active, over: target, delta }: DragEndEvent) {
    update(null);
    if (typeof active.id !== 'number' || typeof target?.id !== 'number') return;
    // From the event, not from state: a quick keyboard drop can come before React rendered the last move.
    const visible = flattenVisible(tree, expanded, active.id);
    const projection = projectDrop(visible, active.id, target.id, delta.x, TREE_INDENT_PX);
    const place = projection && dropTarget(visible, active.id, target.id, projection);
    if (!place) return;
    const next = moveNode(tree, active.id, place);
    if (sameShape(next, tree)) return;
    if (place.parentId !== null) onExpand(place.parentId);
    onMove(next);
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
      onDragCancel={() => update(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: de.tree.dnd.instructions },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul className={classes.list}>
          {items.map((item) => {
            const active = isActive(item.node);
            return (
              <SortableTreeRow
                key={item.id}
                item={item}
                depth={item.id === drag?.activeId && projection ? projection.depth : item.depth}
                active={active}
                label={renderLabel(item.node, active)}
                actions={renderActions?.(item.node)}
                onToggle={onToggle}
              />
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
