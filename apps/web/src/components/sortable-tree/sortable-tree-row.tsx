import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { de } from '../../i18n/de';
import type { FlatNode } from '../../lib/tree-transforms';
import classes from './tree.module.css';
import { TreeRow } from './tree-row';
import type { NamedTreeItem } from './types';

interface SortableTreeRowProps<T extends NamedTreeItem<T>> {
  item: FlatNode<T>;
  depth: number;
  active: boolean;
  label: ReactNode;
  actions: ReactNode;
  onToggle: (id: number) => void;
}

/** A tree row that can be dragged by its handle; only the vertical part of the drag moves it on screen. */
export function SortableTreeRow<T extends NamedTreeItem<T>>({
  item,
  depth,
  active,
  label,
  actions,
  onToggle,
}: SortableTreeRowProps<T>) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <TreeRow
      ref={setNodeRef}
      style={style}
      item={item}
      depth={depth}
      active={active}
      label={label}
      onToggle={onToggle}
      dragging={isDragging}
      handle={
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size={26}
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={de.tree.move(item.node.name)}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
      }
      actions={actions}
    />
  );
}
