// First: the frame's own stylesheets come after Mantine's (docs/bundle.md).
import './frame-styles';
import '../components/overlay/overlay-styles';
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { BottomSheetHost } from '../components/overlay/bottom-sheet-host';
import { overlaysMounted } from '../components/overlay/overlays';
import { dialogStyles } from '../components/overlay/placement';
import { de } from '../i18n/de';
import type { Region } from '../lib/visible-region';
import { DataProviders } from './data-providers';
import { PlacedNotifications } from './frame/placed-notifications';

/**
 * Dialogs, the bottom sheet and the banners, placed in the visible part of the frame; loaded apart from the
 * first load (components/overlay/overlays.ts). Dialogs open through `modals` and need no provider around
 * the page.
 */
export function OverlayHosts({ region }: { region: Region | null }) {
  return (
    <DataProviders>
      <ModalsProvider
        labels={{ confirm: de.confirm.yes, cancel: de.confirm.no }}
        modalProps={{ styles: dialogStyles(region) }}
      />
      <BottomSheetHost region={region} />
      <PlacedNotifications />
      <Mounted />
    </DataProviders>
  );
}

/** Its effect runs after those of the hosts before it, which subscribe to their events in effects. */
function Mounted() {
  useEffect(() => overlaysMounted(), []);
  return null;
}
