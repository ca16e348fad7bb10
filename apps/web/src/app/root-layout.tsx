import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { alerts } from '../components/feedback/alerts';
import { BottomSheetHost } from '../components/overlay/bottom-sheet';
import { dialogStyles } from '../components/overlay/placement';
import { useVisibleRegion } from '../components/overlay/use-visible-region';
import { de } from '../i18n/de';
import { session, setErrorSink } from '../lib/portal';
import { loginPathFor } from '../lib/routing/route-guard';
import { GlobalSpinner } from './frame/global-spinner';
import { PlacedNotifications } from './frame/placed-notifications';
import { useNavigationScroll } from './frame/use-navigation-scroll';
import { VisibleTopVariable } from './frame/visible-top-variable';

setErrorSink((message) => alerts.error(message));

/** Root of every route: dialogs, bottom sheet, banners and spinner, placed in the visible part of the frame. */
export function RootLayout() {
  const region = useVisibleRegion();
  useExpiredSessionRedirect();
  useNavigationScroll();
  return (
    <ModalsProvider
      labels={{ confirm: de.confirm.yes, cancel: de.confirm.no }}
      modalProps={{ styles: dialogStyles(region) }}
    >
      {/* Outside a frame: a new page starts at the top, back and forward restore the position. */}
      <ScrollRestoration />
      <VisibleTopVariable region={region} />
      <Outlet />
      <BottomSheetHost region={region} />
      <GlobalSpinner />
      <PlacedNotifications />
    </ModalsProvider>
  );
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
