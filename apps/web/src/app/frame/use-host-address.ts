import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getBridge } from '../../lib/frame-bridge';

/**
 * Inside the host's frame: every address the app shows goes to the host page, which keeps it as its deep link
 * (`?portal=/forum/3/thread/12`), so a reload or a bookmark of the host page opens the same page (issue 31).
 * The frame's own navigations are entries of the browser's history already, so the host replaces its address
 * instead of adding entries: its back button goes back in the frame, and the address follows.
 */
export function useHostAddress(): void {
  const { pathname, search, hash } = useLocation();
  // The router renders a location once its loaders are done: a redirected address is never reported.
  useEffect(() => getBridge().reportLocation(pathname + search + hash), [pathname, search, hash]);
}
