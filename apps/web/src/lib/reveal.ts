import { getBridge } from './frame-bridge';

/** The bar that sticks at the top of what the member sees: the frame's header (app/frame/frame-header.tsx). */
const STICKY_BAR = '[data-sticky-bar]';
/** Room between the bar and what is brought into view. */
const GAP_PX = 8;

/**
 * How far below the top of what the member sees a revealed element must start: under the sticky bar it would
 * be hidden (issue 31: a reply saved on a phone in the host page showed behind the bar).
 */
export function stickyBarOffset(): number {
  const bar = document.querySelector(STICKY_BAR);
  return bar ? bar.getBoundingClientRect().height + GAP_PX : 0;
}

/**
 * Scrolls so that an element's top lies `top` px below the top of the window's document: inside the host's
 * frame the host page scrolls (the frame is as tall as its content), outside it the window.
 */
export function scrollToTop(top: number): void {
  const bridge = getBridge();
  if (bridge.active) bridge.scrollTo(top);
  else window.scrollTo({ top: Math.max(0, top) });
}

/**
 * Brings an element to the top of what the member sees, below the sticky bar. Focus follows for keyboard
 * users.
 */
export function reveal(element: HTMLElement | null, focus = false): void {
  if (!element) return;
  scrollToTop(element.getBoundingClientRect().top + window.scrollY - stickyBarOffset());
  if (focus) element.focus({ preventScroll: true });
}
