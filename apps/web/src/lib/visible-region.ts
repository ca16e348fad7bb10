import type { HostViewport } from './iframe-messages';

/** The part of the frame (in frame coordinates, px) that the host currently shows. */
export interface Region {
  top: number;
  height: number;
}

/** Null when unknown (no host viewport yet) or when the frame is scrolled out of sight. */
export function visibleRegion(viewport: HostViewport | null, frameHeight: number): Region | null {
  if (!viewport || frameHeight <= 0) return null;
  const top = clamp(viewport.scrollY - viewport.iframeTop, 0, frameHeight);
  const bottom = clamp(viewport.scrollY + viewport.viewportHeight - viewport.iframeTop, 0, frameHeight);
  return bottom > top ? { top, height: bottom - top } : null;
}

/**
 * Where the host should scroll (`scrollTo` top: frame px to put at the top of the host window) so that a
 * bottom sheet spanning `sheet` is in view. A sheet already in view yields the current position, so the
 * host stays put; otherwise the host scrolls as little as possible, showing the sheet's top when the sheet
 * is taller than the window. Without a known host viewport the sheet's top is brought to the top.
 */
export function sheetScrollTarget(sheet: Region, viewport: HostViewport | null): number {
  if (!viewport) return Math.max(0, sheet.top);
  const current = viewport.scrollY - viewport.iframeTop;
  const bottom = sheet.top + sheet.height;
  if (sheet.top >= current && bottom <= current + viewport.viewportHeight) return current;
  if (sheet.top < current || sheet.height >= viewport.viewportHeight) return sheet.top;
  return bottom - viewport.viewportHeight;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
