/**
 * Helpers for specs of the embedded app: the host page on HOST_ORIGIN with the portal frame, and a
 * recorder of bridge messages installed in every frame before any page script runs.
 */
import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import { APP_ORIGIN, HOST_ORIGIN } from './origins.ts';
import { APP_START_TIMEOUT } from './timeouts.ts';

export interface TRecordedMessage {
  origin: string;
  data: { source?: string; type?: string; [key: string]: unknown };
}

declare global {
  interface Window {
    e2eMessages?: TRecordedMessage[];
    postToPortal?: (message: unknown) => void;
    postToHost?: (message: unknown) => void;
  }
}

/** Records every message event of every frame of the page (host, portal, third party). */
export async function recordMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.e2eMessages = [];
    window.addEventListener('message', (event: MessageEvent) => {
      window.e2eMessages?.push({ origin: event.origin, data: event.data });
    });
  });
}

export async function messagesIn(frame: Page | Frame, type: string): Promise<TRecordedMessage[]> {
  return frame.evaluate((wanted) => (window.e2eMessages ?? []).filter((m) => m.data?.type === wanted), type);
}

export interface TEmbedded {
  /** The <iframe> element on the host page. */
  iframe: Locator;
  /** The app inside it, once it has loaded from APP_ORIGIN. */
  app: Frame;
}

/** Opens the host website with the given query (user, portal, third-party) and waits for the app. */
export async function openHostPage(page: Page, query: Record<string, string> = {}): Promise<TEmbedded> {
  const url = new URL(HOST_ORIGIN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  await page.goto(url.href);
  const iframe = page.locator('iframe[title="Portal"]');
  const handle = await iframe.elementHandle();
  const app = await handle?.contentFrame();
  if (!app) throw new Error('The host page shows no portal frame');
  await expect.poll(() => app.url(), { timeout: APP_START_TIMEOUT }).toMatch(new RegExp(`^${APP_ORIGIN}/`));
  return { iframe, app };
}

export function heightOf(iframe: Locator): Promise<number> {
  return iframe.evaluate((element) => element.getBoundingClientRect().height);
}

/** Height of the app's content root (#root), the element the app measures. */
export function contentHeight(app: Frame): Promise<number> {
  return app.evaluate(() => {
    const root = document.getElementById('root');
    return root ? Math.ceil(Math.max(root.scrollHeight, root.getBoundingClientRect().height)) : -1;
  });
}

/** Frame height minus content height, once both agree long enough to be read together. */
export async function expectFrameFitsContent(iframe: Locator, app: Frame): Promise<number> {
  await expect.poll(async () => (await heightOf(iframe)) - (await contentHeight(app))).toBe(150);
  return heightOf(iframe);
}

/**
 * Reads the frame height every 500 ms for about 3 s and expects it never to change: an app that
 * measures the wrong element grows the frame by 150 px on every 300 ms tick. The poll's timeout only
 * bounds the seven readings, which take longer than 3 s when the machine is busy.
 */
export async function expectStableHeight(iframe: Locator, expected: number): Promise<void> {
  const samples: number[] = [];
  await expect
    .poll(
      async () => {
        samples.push(await heightOf(iframe));
        return samples.length;
      },
      { intervals: [500], timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(7);
  expect(new Set(samples)).toEqual(new Set([expected]));
}

/** Makes the app's content taller by `px` (a block appended to the content root), or removes the block. */
export async function growContent(app: Frame, px: number | null): Promise<void> {
  await app.evaluate((height) => {
    document.getElementById('e2e-grow')?.remove();
    if (height === null) return;
    const block = document.createElement('div');
    block.id = 'e2e-grow';
    block.style.height = `${height}px`;
    document.getElementById('root')?.appendChild(block);
  }, px);
}

/** The app's `--portal-visible-top`: the top of the part of the frame the host shows, in frame px. */
export function visibleTop(app: Frame): Promise<string> {
  return app.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--portal-visible-top').trim(),
  );
}
