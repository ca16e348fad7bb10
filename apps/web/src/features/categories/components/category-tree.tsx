import type { TContentCategory } from '@portal/contract';
import { useLocation } from 'react-router';
import { TreeList } from '../../../components/sortable-tree';
import { isCurrentCategory } from '../lib/category-link';
import { CategoryNodeLink } from './category-node-link';

export interface CategoryTreeProps {
  tree: readonly TContentCategory[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onExpand: (id: number) => void;
}

/** The node of the current page (its content page, or the internal path it links to) is highlighted. */
export function useIsCurrentCategory(): (category: TContentCategory) => boolean {
  const { pathname } = useLocation();
  return (category) => isCurrentCategory(category, pathname);
}

export function renderCategoryLabel(category: TContentCategory, active: boolean) {
  return <CategoryNodeLink category={category} active={active} />;
}

/** The drawer tree as members see it: fold and unfold, follow links. */
export function CategoryTree({ tree, expanded, onToggle }: CategoryTreeProps) {
  return (
    <TreeList
      tree={tree}
      expanded={expanded}
      onToggle={onToggle}
      isActive={useIsCurrentCategory()}
      renderLabel={renderCategoryLabel}
    />
  );
}
