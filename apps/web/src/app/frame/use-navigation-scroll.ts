import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { getBridge } from '../../lib/frame-bridge';
import { isNewPage, pageTopScrollTarget } from '../../lib/navigation-scroll';

/** The top of every page in frame px: the frame's own top, so the header with the menu button shows too. */
const PAGE_TOP = 0;

/**
 * Inside the host's frame: after a route change to a new page, asks the host to bring the page's top into
 * view (the frame grows and shrinks with its content, so only the host page can scroll). Outside a frame
 * React Router's ScrollRestoration does the same for the window.
 */
export function useNavigationScroll(): void {
  const { pathname } = useLocation();
  const kind = useNavigationType();
  const previous = useRef<string | null>(null);

  // The router renders a new location only once its loader and lazy page are done: the page is on screen.
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    const bridge = getBridge();
    if (!bridge.active || !isNewPage(kind, from, pathname)) return;
    const top = pageTopScrollTarget(PAGE_TOP, bridge.viewport.get());
    if (top !== null) bridge.scrollTo(top);
  }, [pathname, kind]);
}
