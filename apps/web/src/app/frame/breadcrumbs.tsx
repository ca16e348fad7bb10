import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { de } from '../../i18n/de';
import { createStore } from '../../lib/external-store';
import { useSession } from '../../lib/use-session';
import { mayOpen } from '../route-access';

/** One breadcrumb; the last one (the current page) usually has no `to`. */
export interface Crumb {
  label: string;
  to?: string;
}

const crumbs = createStore<readonly Crumb[]>([]);

/** Sets the breadcrumbs of the current page; they are cleared when the page unmounts. */
export function useBreadcrumbs(items: readonly Crumb[]): void {
  const key = JSON.stringify(items);
  useEffect(() => {
    crumbs.set(JSON.parse(key) as Crumb[]);
    return () => crumbs.set([]);
  }, [key]);
}

export function Breadcrumbs() {
  const items = useSyncExternalStore(crumbs.subscribe, crumbs.get);
  const roles = useSession().user?.roles ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label={de.frame.breadcrumbs}>
      <MantineBreadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {items.map((item, index) =>
          // A page the user's role may not open is named, not linked.
          item.to && index < items.length - 1 && mayOpen(roles, item.to) ? (
            <Anchor key={`${item.to ?? ''}|${item.label}`} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={`${item.to ?? ''}|${item.label}`} size="sm" c="dimmed" aria-current="page">
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
