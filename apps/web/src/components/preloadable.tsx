import { type ComponentType, lazy, useEffect, useState } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the component; suspends only while its module is still loading. */
  Component: ComponentType<P>;
  /** Starts loading the module (once; a failed load may be tried again). */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * `React.lazy` that stops suspending once its module has loaded, by a preload or an earlier opening. A lazy
 * component suspends on its first render even when the module is already there, and React then reveals the
 * content only on its next 300 ms batch: the post form took 500 ms to show with every chunk in the cache.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload };
}

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
