import { useViewportSize } from '@mantine/hooks';
import { useMemo, useSyncExternalStore } from 'react';
import { getBridge } from '../../lib/frame-bridge';
import type { HostViewport } from '../../lib/iframe-messages';
import { type Region, visibleRegion } from '../../lib/visible-region';

/** The part of the frame the host page shows now; null outside an iframe or before the host reported. */
export function useVisibleRegion(): Region | null {
  const hostViewport = useHostViewport();
  const { height } = useViewportSize();
  return useMemo(
    () => visibleRegion(hostViewport, height || (typeof window === 'undefined' ? 0 : window.innerHeight)),
    [hostViewport, height],
  );
}

/** The host's last viewport report; null outside an iframe or before the host reported. */
export function useHostViewport(): HostViewport | null {
  const { viewport } = getBridge();
  return useSyncExternalStore(viewport.subscribe, viewport.get);
}
