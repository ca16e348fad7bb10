/**
 * Tree views of categories (content and media): a plain tree, and the state and look both trees share. The
 * drag-and-drop tree is imported from './sortable-tree' directly, by admin-only code that is loaded lazily,
 * so that members never download dnd-kit.
 */

export { default as treeClasses } from './tree.module.css';
export { createTreeExpansion } from './tree-expansion';
export { TreeList } from './tree-list';
