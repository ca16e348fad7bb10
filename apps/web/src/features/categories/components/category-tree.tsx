import type { TContentCategory } from '@portal/contract';
import { useLocation } from 'react-router';
import { isCurrentCategory } from '../lib/category-link';
import { flattenVisible } from '../lib/tree-transforms';
import classes from './category-tree.module.css';
import { CategoryTreeRow } from './category-tree-row';

export interface CategoryTreeProps {
  tree: readonly TContentCategory[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onExpand: (id: number) => void;
}

/** The drawer tree as members see it: fold and unfold, follow links. */
export function CategoryTree({ tree, expanded, onToggle }: CategoryTreeProps) {
  const { pathname } = useLocation();
  const items = flattenVisible(tree, expanded);
  return (
    <ul className={classes.list}>
      {items.map((item) => (
        <CategoryTreeRow
          key={item.id}
          item={item}
          active={isCurrentCategory(item.node, pathname)}
          onToggle={onToggle}
        />
      ))}
    </ul>
  );
}
