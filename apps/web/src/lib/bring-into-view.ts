import { getBridge } from './frame-bridge';
import { scrollToTop, stickyBarOffset } from './reveal';

/**
 * Scrolls so that `element` starts below the sticky bar at the top of what the member sees: inside the host's
 * frame the host page scrolls (the frame is as tall as its content), outside it the window, and only when the
 * element's top is out of view.
 */
export function bringIntoView(element: Element | null): void {
  if (!element) return;
  const offset = stickyBarOffset();
  const top = element.getBoundingClientRect().top;
  if (getBridge().active || top < offset) scrollToTop(top + window.scrollY - offset);
}
