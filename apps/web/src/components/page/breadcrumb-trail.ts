import { useEffect, useSyncExternalStore } from 'react';
import { createStore } from '../../lib/external-store';

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

/** The breadcrumbs the current page has set, for the frame to show. */
export function useBreadcrumbTrail(): readonly Crumb[] {
  return useSyncExternalStore(crumbs.subscribe, crumbs.get);
}
