import { type MouseEvent, type PointerEvent, useRef } from 'react';

/** How long a finger rests on a reaction before the list of who reacted opens instead of the toggle. */
const LONG_PRESS_MS = 500;

/**
 * A long press by touch or pen (issue 37 point 5: on phones, who reacted shows on a long press). The click that
 * ends a long press is swallowed, so the press does not also toggle. A mouse never long-presses: it hovers.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | null>(null);
  const fired = useRef(false);
  const cancel = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  return {
    onPointerDown: (event: PointerEvent) => {
      fired.current = false;
      if (event.pointerType === 'mouse') return;
      cancel();
      timer.current = window.setTimeout(() => {
        fired.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    // The phone's own menu for a long press (copy, select) would cover the list.
    onContextMenu: (event: MouseEvent) => {
      if (fired.current) event.preventDefault();
    },
    /** true when this click ends a long press and should do nothing else */
    endsLongPress: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}
