import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { de } from '../../i18n/de';
import type { FlatNode } from '../../lib/tree-transforms';
import classes from './tree.module.css';
import type { NamedTreeItem } from './types';

/** Indentation of one tree level in pixels (also the drag distance for one level). */
export const TREE_INDENT_PX = 16;

interface TreeRowProps<T extends NamedTreeItem<T>> {
  item: FlatNode<T>;
  /** Overrides the item's depth while it is dragged (the projected depth). */
  depth?: number;
  active: boolean;
  label: ReactNode;
  onToggle: (id: number) => void;
  /** Admin controls: drag handle and the node's actions. */
  handle?: ReactNode;
  actions?: ReactNode;
  ref?: Ref<HTMLLIElement>;
  style?: CSSProperties;
  dragging?: boolean;
  ghost?: boolean;
}

/** One node of a tree: fold arrow, name, and for admins the drag handle and actions. */
export function TreeRow<T extends NamedTreeItem<T>>({
  item,
  depth = item.depth,
  active,
  label,
  onToggle,
  handle,
  actions,
  ref,
  style,
  dragging,
  ghost,
}: TreeRowProps<T>) {
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
          aria-label={item.expanded ? de.tree.collapse(node.name) : de.tree.expand(node.name)}
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
      {label}
      {handle}
      {actions}
    </li>
  );
}
