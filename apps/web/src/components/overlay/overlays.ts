import { createStore } from '../../lib/external-store';

/**
 * The hosts of dialogs (Mantine's modals), the bottom sheet and the banners come in their own chunk
 * (app/overlay-hosts.tsx, about 40 kB with Mantine's Modal, Drawer, ScrollArea and floating-ui), outside the
 * first load (issue 19): the root layout mounts them once something asks for them or the browser is idle
 * after the first screen. `wanted` tells the root layout to mount them.
 */
export const overlaysWanted = createStore(false);

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/**
 * Mounts the overlay hosts (once); resolves when they listen, so that a dialog opened next shows. Call it
 * before opening a dialog through `modals`; the sheet and the banners call it themselves.
 */
export function showOverlays(): Promise<void> {
  overlaysWanted.set(true);
  return mounted;
}

/** Called by the overlay hosts once they are mounted and listen. */
export function overlaysMounted(): void {
  markMounted();
}
