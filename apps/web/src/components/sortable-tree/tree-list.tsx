import { flattenVisible } from '../../lib/tree-transforms';
import classes from './tree.module.css';
import { TreeRow } from './tree-row';
import type { NamedTreeItem, TreeViewProps } from './types';

/** A tree without drag and drop: fold and unfold, follow the labels' links. */
export function TreeList<T extends NamedTreeItem<T>>({
  tree,
  expanded,
  onToggle,
  isActive,
  renderLabel,
}: TreeViewProps<T>) {
  return (
    <ul className={classes.list}>
      {flattenVisible(tree, expanded).map((item) => {
        const active = isActive(item.node);
        return (
          <TreeRow
            key={item.id}
            item={item}
            active={active}
            label={renderLabel(item.node, active)}
            onToggle={onToggle}
          />
        );
      })}
    </ul>
  );
}
