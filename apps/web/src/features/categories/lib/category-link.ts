/**
 * Where a category leads (SPEC §2 "Category tree"): a content node to /content/{id}; a url node starting
 * with http to a new tab; any other url node to a path inside the app.
 */
import type { TContentCategory } from '@portal/contract';

export type CategoryTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

type CategoryLike = Pick<TContentCategory, 'id' | 'type' | 'url'>;

export function contentPath(id: number): string {
  return `/content/${id}`;
}

export function categoryTarget(category: CategoryLike): CategoryTarget {
  const url = category.url?.trim() ?? '';
  if (category.type !== 'url' || url === '') return { kind: 'internal', to: contentPath(category.id) };
  if (url.toLowerCase().startsWith('http')) return { kind: 'external', href: url };
  return { kind: 'internal', to: url.startsWith('/') ? url : `/${url}` };
}

/** The absolute address 'Link kopieren' puts on the clipboard. */
export function categoryAddress(category: CategoryLike, origin: string): string {
  const target = categoryTarget(category);
  return target.kind === 'external' ? target.href : new URL(target.to, origin).href;
}

/** True when the current path shows this category (its content page, or the internal path it links to). */
export function isCurrentCategory(category: CategoryLike, pathname: string): boolean {
  const target = categoryTarget(category);
  return target.kind === 'internal' && target.to.split(/[?#]/, 1)[0] === pathname;
}
