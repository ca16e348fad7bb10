import type { TContentCategory } from '@portal/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { treeClasses } from '../../../components/sortable-tree';
import { de } from '../../../i18n/de';
import { categoryTarget } from '../lib/category-link';
import classes from './category-tree.module.css';

interface CategoryNodeLinkProps {
  category: TContentCategory;
  active: boolean;
  className?: string;
}

/** The name of a node as a link: a content page, an internal path, or an http address in a new tab. */
export function CategoryNodeLink({ category, active, className = treeClasses.label }: CategoryNodeLinkProps) {
  const target = categoryTarget(category);
  if (target.kind === 'external') {
    return (
      <a className={className} href={target.href} target="_blank" rel="noopener">
        {category.name}
        <IconExternalLink size={13} className={classes.externalIcon} aria-label={de.common.opensInNewTab} />
      </a>
    );
  }
  return (
    <Link className={className} to={target.to} aria-current={active ? 'page' : undefined}>
      {category.name}
    </Link>
  );
}
