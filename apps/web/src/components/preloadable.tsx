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

/** Parts of the page still loading, as the app marks them (skeletons, loaders, the global spinner). */
const BUSY = '[aria-busy="true"], [role="progressbar"]';

function screenBusy(): boolean {
  // The top bar's own placeholders (the search field while it loads) do not hold the screen up.
  return [...document.querySelectorAll(BUSY)].some((element) => element.closest('header') === null);
}

/** How long the screen must stay loaded before the rest loads: parts of it arrive in chunks of their own. */
const SETTLED_MS = 200;
const SETTLED_POLL_MS = 100;

/**
 * Starts `load` (the top bar's search, the dialogs) once the screen has loaded, nothing on it marked busy
 * and no request running for SETTLED_MS, and the browser is idle: what the screen does not need waits until
 * it shows (issue 19), and is there when the member reaches for it.
 */
export function usePreloadWhenSettled(load: () => Promise<unknown>, isIdle: () => boolean): void {
  useEffect(() => {
    let settledSince: number | null = null;
    let idleHandle: number | null = null;
    const timer = window.setInterval(() => {
      if (!isIdle() || screenBusy()) {
        settledSince = null;
        return;
      }
      settledSince ??= performance.now();
      if (performance.now() - settledSince < SETTLED_MS) return;
      window.clearInterval(timer);
      const run = () => void load().catch(() => undefined);
      if (typeof window.requestIdleCallback === 'function')
        idleHandle = window.requestIdleCallback(run, { timeout: 3000 });
      else run();
    }, SETTLED_POLL_MS);
    return () => {
      window.clearInterval(timer);
      if (idleHandle !== null) window.cancelIdleCallback(idleHandle);
    };
  }, [load, isIdle]);
}
