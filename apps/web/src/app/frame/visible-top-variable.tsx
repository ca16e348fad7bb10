import { useEffect } from 'react';
import type { Region } from '../../lib/visible-region';

/** Publishes the top of the visible part of the frame as the CSS variable --portal-visible-top. */
export function VisibleTopVariable({ region }: { region: Region | null }) {
  const top = region?.top ?? 0;
  useEffect(() => {
    document.documentElement.style.setProperty('--portal-visible-top', `${top}px`);
  }, [top]);
  return null;
}
