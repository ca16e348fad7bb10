import { getBridge } from './frame-bridge';

/**
 * Scrolls so that `element` starts at the top of what the member sees: inside the host's frame the host
 * page scrolls (the frame is as tall as its content), outside it the window, and only when the element's
 * top is out of view.
 */
export function bringIntoView(element: Element | null): void {
  if (!element) return;
  const top = element.getBoundingClientRect().top;
  const bridge = getBridge();
  if (bridge.active) bridge.scrollTo(top + window.scrollY);
  else if (top < 0) element.scrollIntoView({ block: 'start' });
}
