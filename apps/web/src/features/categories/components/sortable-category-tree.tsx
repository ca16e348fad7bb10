import { SortableTree } from '../../../components/sortable-tree/sortable-tree';
import { useSaveCategoryTree } from '../api/save-category-tree';
import { CategoryNodeMenu } from './category-node-menu';
import { type CategoryTreeProps, renderCategoryLabel, useIsCurrentCategory } from './category-tree';

/**
 * The drawer tree for admins: drag a node by its handle (mouse, touch or keyboard) to reorder it or, by
 * moving it left or right, to change its parent. A drop saves the whole tree (SPEC §4).
 */
export function SortableCategoryTree({ tree, expanded, onToggle, onExpand }: CategoryTreeProps) {
  const saveTree = useSaveCategoryTree();
  return (
    <SortableTree
      tree={tree}
      expanded={expanded}
      onToggle={onToggle}
      onExpand={onExpand}
      onMove={(next) => saveTree.mutate(next)}
      isActive={useIsCurrentCategory()}
      renderLabel={renderCategoryLabel}
      renderActions={(category) => <CategoryNodeMenu category={category} />}
    />
  );
}
