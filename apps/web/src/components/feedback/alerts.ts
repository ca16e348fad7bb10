import { de } from '../../i18n/de';
import { showOverlays } from '../overlay/overlays';

/** SPEC §4/§8: success, error and notice banners that disappear after 5000 ms. */
export const ALERT_DURATION_MS = 5000;

export interface Alerts {
  success(text: string): void;
  error(text: string): void;
  notice(text: string): void;
}

/** Mantine's banner store, loaded with the first banner: the first load does without it (issue 19). */
const loadStore = () => import('./banner-store');

function show(text: string, color: string): void {
  // The store keeps the banner until the banners' host is mounted, which then shows it; banners keep their
  // order (each waits for the same import).
  void showOverlays();
  // Without its chunk (offline) no banner can show, as without the banners' host.
  loadStore().then(
    ({ notifications }) =>
      notifications.show({
        // The same message twice at once (two requests of one screen failing alike) shows one banner.
        id: `${color}:${text}`,
        message: text,
        color,
        autoClose: ALERT_DURATION_MS,
        withBorder: true,
        closeButtonProps: { 'aria-label': de.dialog.close },
      }),
    () => undefined,
  );
}

export const alerts: Alerts = {
  success: (text) => show(text, 'green'),
  error: (text) => show(text, 'red'),
  notice: (text) => show(text, 'blue'),
};

export function useAlerts(): Alerts {
  return alerts;
}
