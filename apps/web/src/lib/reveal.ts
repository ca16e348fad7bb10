import { getBridge } from './frame-bridge';

/**
 * Brings an element to the top of what the member sees: inside the host's frame the host page scrolls
 * (the frame is as tall as its content), outside it the window. Focus follows for keyboard users.
 */
export function reveal(element: HTMLElement | null, focus = false): void {
  if (!element) return;
  const bridge = getBridge();
  if (bridge.active) bridge.scrollTo(element.getBoundingClientRect().top + window.scrollY);
  else element.scrollIntoView({ block: 'start' });
  if (focus) element.focus({ preventScroll: true });
}
