import type { NavigationType } from 'react-router';
import type { HostViewport } from './iframe-messages';

/**
 * After a route change inside the host's frame (issue 14 point 1) the host page stays where it was, so a
 * member who followed a link low on a long page would see the host's footer. The app then asks the host to
 * scroll the new page's top into view, unless the member can already see it.
 */

/** How a navigation came about, as React Router names it. */
export type NavigationKind = `${NavigationType}`;

/**
 * Whether a location change is a new page to bring into view: a link or redirect (not back/forward, where
 * the browser's own scroll restoration applies) to another path. Query changes stay on the page, and the
 * screens that page or filter by query bring their own list into view.
 */
export function isNewPage(kind: NavigationKind, previousPath: string | null, path: string): boolean {
  return kind !== 'POP' && previousPath !== null && previousPath !== path;
}

/**
 * The `scrollTo` top (frame px) that shows the page's top at the top of the host window, or null when the
 * host should stay put: the page's top is already in the upper half of the host window. A top at the very
 * bottom of the window is visible only in name, the new page's heading still out of sight. Without a host
 * report yet the page's top is brought up.
 */
export function pageTopScrollTarget(pageTop: number, viewport: HostViewport | null): number | null {
  if (!viewport) return pageTop;
  const onScreen = viewport.iframeTop + pageTop - viewport.scrollY;
  return onScreen >= 0 && onScreen <= viewport.viewportHeight / 2 ? null : pageTop;
}
