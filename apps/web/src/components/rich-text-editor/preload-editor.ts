import { useEffect } from 'react';
import { loadRichTextEditor } from './load-editor';

/** Without requestIdleCallback (Safari), wait this long after the page rendered instead. */
const FALLBACK_DELAY_MS = 1000;

/**
 * Starts `load` (a form's or the editor's chunk) once the browser is idle after the page has rendered, for
 * someone likely to write there, so that their form opens without waiting for ~145 kB (issue 14: under
 * 300 ms). Loading twice is harmless: the browser keeps one module per address.
 */
export function usePreloadOnIdle(load: () => Promise<unknown>, when: boolean): void {
  useEffect(() => {
    if (!when) return;
    // A failed preload is no error yet: the form loads the chunk again when it opens and tells then.
    const run = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(run, FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [load, when]);
}

/** The rich-text editor's chunk, on idle (see usePreloadOnIdle). */
export function usePreloadEditor(when: boolean): void {
  usePreloadOnIdle(loadRichTextEditor, when);
}
