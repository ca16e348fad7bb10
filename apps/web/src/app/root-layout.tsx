import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { de } from '../i18n/de';
import { session, setErrorSink } from '../lib/portal';
import { alerts } from './frame/alerts';
import { BottomSheetHost } from './frame/bottom-sheet';
import { GlobalSpinner } from './frame/global-spinner';
import { PlacedNotifications } from './frame/placed-notifications';
import { dialogStyles } from './frame/placement';
import { useVisibleRegion } from './frame/use-visible-region';
import { VisibleTopVariable } from './frame/visible-top-variable';
import { LOGIN_PATH } from './route-table';

setErrorSink((message) => alerts.error(message));

/** Root of every route: dialogs, bottom sheet, banners and spinner, placed in the visible part of the frame. */
export function RootLayout() {
  const region = useVisibleRegion();
  useExpiredSessionRedirect();
  return (
    <ModalsProvider
      labels={{ confirm: de.confirm.yes, cancel: de.confirm.no }}
      modalProps={{ styles: dialogStyles(region) }}
    >
      <VisibleTopVariable region={region} />
      <Outlet />
      <BottomSheetHost region={region} />
      <GlobalSpinner />
      <PlacedNotifications />
    </ModalsProvider>
  );
}

/** SPEC §4: when the session is lost (refresh failed, token rejected) the user lands on the login page. */
function useExpiredSessionRedirect(): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      session.onLogout((reason) => {
        if (reason !== 'expired') return;
        void navigate(LOGIN_PATH, { replace: true });
        alerts.notice(de.logout.expired);
      }),
    [navigate],
  );
}
