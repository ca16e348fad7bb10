import { describe, expect, it } from 'vitest';
import { sheetScrollTarget, visibleRegion } from './visible-region';

describe('visibleRegion', () => {
  it('is unknown before the host reports its viewport', () => {
    expect(visibleRegion(null, 2000)).toBeNull();
  });

  it('is the part of the frame inside the host window', () => {
    // Frame starts 120 px down the host page; the host has scrolled 400 px; its window is 800 px high.
    expect(visibleRegion({ scrollY: 400, iframeTop: 120, viewportHeight: 800 }, 3000)).toEqual({
      top: 280,
      height: 800,
    });
  });

  it('is clipped at the top and bottom of the frame', () => {
    expect(visibleRegion({ scrollY: 0, iframeTop: 120, viewportHeight: 800 }, 3000)).toEqual({
      top: 0,
      height: 680,
    });
    expect(visibleRegion({ scrollY: 2900, iframeTop: 120, viewportHeight: 800 }, 3000)).toEqual({
      top: 2780,
      height: 220,
    });
  });

  it('is unknown when the frame is scrolled out of sight', () => {
    expect(visibleRegion({ scrollY: 5000, iframeTop: 120, viewportHeight: 800 }, 3000)).toBeNull();
  });
});

describe('sheetScrollTarget', () => {
  // Frame starts 940 px down the host page; the host window is 800 px high.
  const viewport = (scrollY: number) => ({ scrollY, iframeTop: 940, viewportHeight: 800 });

  it('keeps the host where it is when the sheet is already in view', () => {
    // Host at 600: frame px -340..460 are in the window; the sheet sits at 46..460.
    expect(sheetScrollTarget({ top: 46, height: 414 }, viewport(600))).toBe(-340);
    expect(sheetScrollTarget({ top: 580, height: 500 }, viewport(1220))).toBe(280);
  });

  it('scrolls down just enough to show a sheet below the window', () => {
    expect(sheetScrollTarget({ top: 2400, height: 600 }, viewport(1000))).toBe(2200);
  });

  it('shows the top of a sheet above the window', () => {
    expect(sheetScrollTarget({ top: 100, height: 300 }, viewport(1500))).toBe(100);
  });

  it('shows the top of a sheet taller than the window', () => {
    expect(sheetScrollTarget({ top: 100, height: 1200 }, viewport(2000))).toBe(100);
  });

  it('scrolls to the sheet top when the host viewport is unknown', () => {
    expect(sheetScrollTarget({ top: 2400, height: 600 }, null)).toBe(2400);
  });
});
