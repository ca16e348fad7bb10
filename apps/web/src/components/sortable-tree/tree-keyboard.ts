import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { TREE_INDENT_PX } from './tree-row';

/**
 * Keyboard dragging in the tree: up and down move to the neighbouring node (keeping the chosen depth),
 * left and right change the depth by one level.
 */
export const treeKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { currentCoordinates } = args;
  if (event.code === KeyboardCode.Left || event.code === KeyboardCode.Right) {
    event.preventDefault();
    const step = event.code === KeyboardCode.Right ? TREE_INDENT_PX : -TREE_INDENT_PX;
    return { x: currentCoordinates.x + step, y: currentCoordinates.y };
  }
  const next = sortableKeyboardCoordinates(event, args);
  return next ? { x: currentCoordinates.x, y: next.y } : undefined;
};
