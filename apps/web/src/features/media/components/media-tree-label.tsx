import type { TMediaCategory } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { Link } from 'react-router';
import { treeClasses } from '../../../components/sortable-tree';
import classes from './media.module.css';

/**
 * A node's name and its file count in brackets (SPEC §2). Other nodes link to their files; the current one is
 * plain text, not clickable.
 */
export function MediaTreeLabel({ category, current }: { category: TMediaCategory; current: boolean }) {
  const content = (
    <>
      {category.name} <span className={classes.count}>({category.mediaCount})</span>
    </>
  );
  if (current) {
    return (
      <span className={treeClasses.label} aria-current="page">
        {content}
      </span>
    );
  }
  return (
    <Link className={treeClasses.label} to={APP_PATHS.mediaCategory(category.id)}>
      {content}
    </Link>
  );
}
