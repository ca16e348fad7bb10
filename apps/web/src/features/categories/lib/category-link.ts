/**
 * Where a category leads (SPEC §2 "Category tree"): a content node to /content/{id}; a url node with an
 * http(s) address to a new tab; any other url node to a path inside the app. A url the server would refuse
 * today (`/\\host`, `//host`, `/%2e%2e/…`, `javascript:`), stored earlier or written straight into the database,
 * leads to the category's content page instead: such a path would leave the portal or land elsewhere.
 */
import {
  APP_PATHS,
  appLink,
  isAllowedUrl,
  isInternalPath,
  isRelativeUrl,
  type TAppAddresses,
  type TContentCategory,
  type TRole,
} from '@portal/contract';
import { mayOpen } from '../../../lib/routing/route-access';

export type CategoryTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

type CategoryLike = Pick<TContentCategory, 'id' | 'type' | 'url'>;

export function categoryTarget(category: CategoryLike): CategoryTarget {
  const url = category.url?.trim() ?? '';
  const fallback: CategoryTarget = { kind: 'internal', to: APP_PATHS.content(category.id) };
  if (category.type !== 'url' || url === '') return fallback;
  if (/^https?:/i.test(url)) return isAllowedUrl(url) ? { kind: 'external', href: url } : fallback;
  if (!isRelativeUrl(url)) return fallback;
  // Older urls without the leading slash ('event') were meant as paths inside the app.
  const path = url.startsWith('/') || url.startsWith('\\') ? url : `/${url}`;
  return isInternalPath(path) ? { kind: 'internal', to: path } : fallback;
}

/** The absolute address 'Link kopieren' puts on the clipboard: inside the portal an app link (issue 31). */
export function categoryAddress(category: CategoryLike, addresses: TAppAddresses): string {
  const target = categoryTarget(category);
  return target.kind === 'external' ? target.href : appLink(target.to, addresses);
}

/** True when the current path shows this category (its content page, or the internal path it links to). */
export function isCurrentCategory(category: CategoryLike, pathname: string): boolean {
  const target = categoryTarget(category);
  return target.kind === 'internal' && target.to.split(/[?#]/, 1)[0] === pathname;
}

/** Whether these roles may follow the category's link: an address outside always, one inside by its route. */
export function mayFollow(category: CategoryLike, roles: readonly TRole[]): boolean {
  const target = categoryTarget(category);
  return target.kind === 'external' || mayOpen(roles, target.to);
}
