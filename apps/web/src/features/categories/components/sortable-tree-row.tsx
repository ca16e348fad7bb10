import { useSortable } from '@dnd-kit/sortable';
import { ActionIcon } from '@mantine/core';
import type { TContentCategory } from '@portal/contract';
import { IconGripVertical } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import type { FlatNode } from '../lib/tree-transforms';
import { CategoryNodeMenu } from './category-node-menu';
import classes from './category-tree.module.css';
import { CategoryTreeRow } from './category-tree-row';

interface SortableTreeRowProps {
  item: FlatNode<TContentCategory>;
  depth: number;
  active: boolean;
  onToggle: (id: number) => void;
}

/** A tree row that can be dragged by its handle; only the vertical part of the drag moves it on screen. */
export function SortableTreeRow({ item, depth, active, onToggle }: SortableTreeRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <CategoryTreeRow
      ref={setNodeRef}
      style={style}
      item={item}
      depth={depth}
      active={active}
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
          aria-label={de.categories.move(item.node.name)}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
      }
      actions={<CategoryNodeMenu category={item.node} />}
    />
  );
}
