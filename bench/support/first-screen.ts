/**
 * What the first-load benches share (bench/bundle-size.ts, bench/first-load.ts): the built app served by the
 * app in this process with the demo content, headless Chromium, and, inside a page, the moment a screen has
 * finished loading as the end-to-end tests define it (no skeleton or spinner left, e2e/support/auth.ts).
 */
import path from 'node:path';
import { type Browser, chromium, type Frame, type Page } from '@playwright/test';
import { startInProcessApp } from './in-process-app.ts';
import { BENCH_API_KEY, freePort } from './server-process.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

interface ServedApp {
  url: string;
  close: () => Promise<void>;
}

/**
 * The built app in `webDist` served by the app in this process on a free loopback port, on a fresh SQLite
 * database with the demo content (the dashboard shows posts, events and forum news); `hostOrigin` lets that
 * page frame it.
 */
export async function serveBuiltApp(
  webDist: string,
  options: { hostOrigin?: string } = {},
): Promise<ServedApp> {
  const port = await freePort();
  const bench = await startInProcessApp(
    {
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      WEB_DIST: webDist,
      ...(options.hostOrigin ? { HOST_ORIGIN: options.hostOrigin } : {}),
    },
    { demoContent: true },
  );
  // Both loopback addresses: the browser tries ::1 for 'localhost' first.
  await bench.app.listen({ port, host: 'localhost' });
  return { url: `http://localhost:${port}`, close: bench.close };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}

/** A one-time login link (absolute), as the association's website fetches it with its API key. */
export async function loginLink(appUrl: string, username: string): Promise<string> {
  const response = await fetch(`${appUrl}/external/generate/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_API_KEY}` },
    body: JSON.stringify({ username }),
  });
  if (!response.ok) throw new Error(`login link: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { link: string }).link;
}

/** Which screen a page waits for. */
export type TScreen = 'login' | 'dashboard';

/** When a screen had loaded (epoch ms, from `performance.timeOrigin`) and which JS and CSS it had asked for. */
interface TShown {
  at: number;
  assets: string[];
}

declare global {
  interface Window {
    benchShown?: Partial<Record<TScreen, TShown>>;
    benchClickAt?: number;
    benchReset?: () => void;
  }
}

/**
 * Installed before any script of every document and frame: records, in `window.benchShown`, the first time
 * each screen has loaded, and in `window.benchClickAt` the time of the last click (both epoch ms). Loaded
 * means: the screen's heading and main control are there and nothing is marked busy (skeletons, the global
 * spinner, loaders), as the end-to-end tests wait for it (e2e/support/auth.ts); the time is taken in the
 * frame after that. The JS and CSS asked for until then are the finished resource loads and every module
 * preload, stylesheet and script in the document (preloads still on their way count).
 */
function screenProbe(): void {
  const shownAt: Partial<Record<'login' | 'dashboard', { at: number; assets: string[] }>> = {};
  window.benchShown = shownAt;
  document.addEventListener(
    'click',
    (event) => (window.benchClickAt = performance.timeOrigin + event.timeStamp),
    {
      capture: true,
    },
  );
  const busy = () => document.querySelector('[aria-busy="true"], [role="progressbar"]') !== null;
  const heading = (name: string) =>
    [...document.querySelectorAll('h1')].some((element) => element.textContent?.trim() === name);
  const button = (name: string) =>
    [...document.querySelectorAll('button')].some((element) => element.textContent?.trim() === name);
  const screens = {
    login: () => heading('Anmelden') && button('Anmelden'),
    dashboard: () => location.pathname === '/dashboard' && heading('Dashboard') && button('Abmelden'),
  };
  const assets = () => {
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\.(js|css)(\?|$)/.test(name));
    const linked = [
      ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]'),
    ].map((link) => link.href);
    const scripts = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map(
      (script) => script.src,
    );
    return [...new Set([...loaded, ...linked, ...scripts])];
  };
  const pending = new Set<'login' | 'dashboard'>();
  window.benchReset = () => {
    pending.clear();
    for (const key of Object.keys(shownAt)) delete shownAt[key as 'login'];
    window.benchClickAt = undefined;
  };
  const check = () => {
    if (busy()) return;
    for (const screen of ['login', 'dashboard'] as const) {
      if (shownAt[screen] || pending.has(screen) || !screens[screen]()) continue;
      pending.add(screen);
      const seen = assets();
      requestAnimationFrame(() =>
        setTimeout(() => {
          shownAt[screen] = { at: performance.timeOrigin + performance.now(), assets: seen };
        }, 0),
      );
    }
  };
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
  });
}

/** Installs the probe in every document the page (and its frames) will load. */
export async function installScreenProbe(page: Page): Promise<void> {
  await page.addInitScript(screenProbe);
}

/** Waits until `screen` has loaded in the page or frame (the probe must be installed) and returns when. */
export async function screenShown(target: Page | Frame, screen: TScreen, timeout = 30_000): Promise<TShown> {
  const handle = await target.waitForFunction((name) => window.benchShown?.[name], screen, {
    timeout,
    polling: 50,
  });
  return (await handle.jsonValue()) as TShown;
}

/** Forgets what the probe saw (before an in-app navigation back to a screen seen already). */
export async function resetScreenProbe(target: Page | Frame): Promise<void> {
  await target.evaluate(() => window.benchReset?.());
}
