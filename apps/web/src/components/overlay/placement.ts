import type { CSSProperties } from 'react';
import type { Region } from '../../lib/visible-region';

/**
 * Dialogs are position: fixed, which inside an iframe sized to its content means "relative to the whole
 * frame". These styles put them into the part of the frame the host page shows (ARCHITECTURE §4 "Iframe").
 */
const GAP_PX = 16;

interface DialogStyles {
  title: CSSProperties;
  inner?: CSSProperties;
  content?: CSSProperties;
}

export function dialogStyles(region: Region | null): DialogStyles {
  const title: CSSProperties = { fontWeight: 600 };
  if (!region) return { title };
  return {
    title,
    inner: {
      top: region.top,
      bottom: 'auto',
      height: region.height,
      paddingTop: GAP_PX,
      paddingBottom: GAP_PX,
    },
    content: { maxHeight: Math.max(region.height - 2 * GAP_PX, 120) },
  };
}

export function sheetStyles(region: Region | null): { inner: CSSProperties; content: CSSProperties } {
  if (!region) return { inner: {}, content: { height: 'auto', maxHeight: '90%' } };
  return {
    inner: { top: region.top, bottom: 'auto', height: region.height },
    content: { height: 'auto', maxHeight: Math.max(Math.round(region.height * 0.9), 160) },
  };
}

/** A side drawer spans the visible part of the frame (its own height, not the whole frame's). */
export function sideDrawerStyles(region: Region | null): { title: CSSProperties; inner?: CSSProperties } {
  const title: CSSProperties = { fontWeight: 600 };
  if (!region) return { title };
  return { title, inner: { top: region.top, bottom: 'auto', height: region.height } };
}
