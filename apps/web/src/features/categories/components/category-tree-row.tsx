import { ActionIcon } from '@mantine/core';
import type { TContentCategory } from '@portal/contract';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { de } from '../../../i18n/de';
import type { FlatNode } from '../lib/tree-transforms';
import { CategoryNodeLink } from './category-node-link';
import classes from './category-tree.module.css';

/** Indentation of one tree level in pixels (also the drag distance for one level). */
export const TREE_INDENT_PX = 16;

interface CategoryTreeRowProps {
  item: FlatNode<TContentCategory>;
  /** Overrides the item's depth while it is dragged (the projected depth). */
  depth?: number;
  active: boolean;
  onToggle: (id: number) => void;
  /** Admin controls: drag handle and the actions menu. */
  handle?: ReactNode;
  actions?: ReactNode;
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
  ghost?: boolean;
}

export function linkIdOf(categoryId: number): string {
  return `category-node-${categoryId}`;
}

/** One node of the drawer tree: fold arrow, name, and for admins the drag handle and actions. */
export function CategoryTreeRow({
  item,
  depth = item.depth,
  active,
  onToggle,
  handle,
  actions,
  ref,
  style,
  dragging,
  ghost,
}: CategoryTreeRowProps) {
  const { node } = item;
  return (
    <li
      ref={ref}
      className={classes.row}
      style={{ ...style, paddingLeft: depth * TREE_INDENT_PX }}
      data-active={active || undefined}
      data-dragging={dragging || undefined}
      data-ghost={ghost || undefined}
    >
      {item.hasChildren ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size={22}
          onClick={() => onToggle(node.id)}
          aria-expanded={item.expanded}
          aria-label={item.expanded ? de.categories.collapse(node.name) : de.categories.expand(node.name)}
        >
          {item.expanded ? (
            <IconChevronDown size={16} aria-hidden />
          ) : (
            <IconChevronRight size={16} aria-hidden />
          )}
        </ActionIcon>
      ) : (
        <span className={classes.spacer} />
      )}
      <CategoryNodeLink category={node} active={active} id={linkIdOf(node.id)} />
      {handle}
      {actions}
    </li>
  );
}
