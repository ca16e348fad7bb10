import { Component, lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { alerts } from '../components/feedback/alerts';
import { useBottomSheetRouting } from '../components/overlay/bottom-sheet';
import { overlaysWanted, showOverlays } from '../components/overlay/overlays';
import { useVisibleRegion } from '../components/overlay/use-visible-region';
import { usePreloadWhenSettled } from '../components/preloadable';
import { de } from '../i18n/de';
import { activity, session, setErrorSink } from '../lib/portal';
import { loginPathFor } from '../lib/routing/route-guard';
import type { Region } from '../lib/visible-region';
import { GlobalSpinner } from './frame/global-spinner';
import { useHostAddress } from './frame/use-host-address';
import { useNavigationScroll } from './frame/use-navigation-scroll';
import { VisibleTopVariable } from './frame/visible-top-variable';

setErrorSink((message) => alerts.error(message));

const noRequests = () => activity.pending.get() === 0;

const OverlayHosts = lazy(async () => ({ default: (await import('./overlay-hosts')).OverlayHosts }));

/** Root of every route: dialogs, bottom sheet, banners and spinner, placed in the visible part of the frame. */
export function RootLayout() {
  const region = useVisibleRegion();
  useExpiredSessionRedirect();
  useNavigationScroll();
  useHostAddress();
  useBottomSheetRouting();
  return (
    <>
      {/* Outside a frame: a new page starts at the top, back and forward restore the position. */}
      <ScrollRestoration />
      <VisibleTopVariable region={region} />
      <Outlet />
      <GlobalSpinner />
      <Overlays region={region} />
    </>
  );
}

/**
 * Dialogs, bottom sheet and banners (components/overlay/overlays.ts): mounted once asked for, or once the
 * first screen has loaded and the browser is idle, so that the first dialog opens without waiting for them.
 */
function Overlays({ region }: { region: Region | null }) {
  const wanted = useSyncExternalStore(overlaysWanted.subscribe, overlaysWanted.get);
  usePreloadWhenSettled(showOverlays, noRequests);
  if (!wanted) return null;
  return (
    <OverlayBoundary>
      <Suspense fallback={null}>
        <OverlayHosts region={region} />
      </Suspense>
    </OverlayBoundary>
  );
}

/** A chunk that failed to load leaves the page as it is (its own error shows when it is needed again). */
class OverlayBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * SPEC §4: when the session is lost (refresh failed, token rejected) the user lands on the login page, which
 * brings them back to the page they were on after the next login.
 */
function useExpiredSessionRedirect(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      session.onLogout((reason) => {
        if (reason !== 'expired') return;
        const { pathname, search, hash } = window.location;
        void navigate(loginPathFor(pathname + search + hash), { replace: true });
        alerts.notice(de.logout.expired);
      }),
    [navigate],
  );
}
