import { isLoginPath } from '@portal/contract';
import { createStore, type Store } from './external-store';
import { type ChildMessage, type HostMessage, type HostViewport, MESSAGE_SOURCE } from './iframe-messages';

/**
 * Child side of the iframe bridge (ARCHITECTURE §4 "Iframe"); the messages are in ./iframe-messages.ts.
 * Only the configured host origin is trusted (exact string compare) and only messages from window.parent
 * are read.
 */
const HEIGHT_BUFFER_PX = 150;
const HEIGHT_INTERVAL_MS = 300;

interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface IframeBridgeDeps {
  hostOrigin: string | null;
  /** window.parent; equal to `self` when the app is not framed. */
  parent: MessageTarget | null;
  self: unknown;
  /** Height of the app's root element in px (never documentElement.scrollHeight). */
  measure: () => number;
  listen: (handler: (event: IncomingMessage) => void) => () => void;
  every: (ms: number, tick: () => void) => () => void;
  onResize: (tick: () => void) => () => void;
}

export interface IframeBridge {
  /** True inside a frame with a configured host origin; outside, the app works as a normal page. */
  readonly active: boolean;
  readonly viewport: Store<HostViewport | null>;
  start(): () => void;
  reportHeight(): void;
  scrollTo(top: number): void;
  /** Tells the host the app's address (path, query and hash) when it changed; never a login route. */
  reportLocation(path: string): void;
  handleMessage(event: IncomingMessage): void;
}

export function createIframeBridge(deps: IframeBridgeDeps): IframeBridge {
  const { hostOrigin, parent } = deps;
  const active = hostOrigin !== null && hostOrigin !== '' && parent !== null && parent !== deps.self;
  const viewport = createStore<HostViewport | null>(null);
  let lastHeight: number | null = null;
  let lastPath: string | null = null;

  function post(message: ChildMessage): void {
    if (!active || !parent || !hostOrigin) return;
    parent.postMessage(message, hostOrigin);
  }

  function reportHeight(): void {
    const measured = deps.measure();
    // Nothing rendered yet: reporting 150 px would only make the host's frame jump.
    if (!Number.isFinite(measured) || measured <= 0) return;
    const height = Math.ceil(measured) + HEIGHT_BUFFER_PX;
    if (height === lastHeight) return;
    lastHeight = height;
    post({ source: MESSAGE_SOURCE, type: 'height', height });
  }

  function handleMessage(event: IncomingMessage): void {
    if (!active || event.origin !== hostOrigin || event.source !== parent) return;
    const next = parseViewport(event.data);
    if (next) viewport.set(next);
  }

  return {
    active,
    viewport,
    start() {
      if (!active) return () => {};
      const stopListening = deps.listen(handleMessage);
      post({ source: MESSAGE_SOURCE, type: 'ready' });
      reportHeight();
      const stopTimer = deps.every(HEIGHT_INTERVAL_MS, reportHeight);
      const stopObserving = deps.onResize(reportHeight);
      return () => {
        stopListening();
        stopTimer();
        stopObserving();
      };
    },
    reportHeight,
    scrollTo(top) {
      if (!Number.isFinite(top)) return;
      // A page that just grew (a reply opened below the last post) would otherwise be scrolled while the
      // host's frame still has its old height, and the host clamps the scroll short of the target.
      reportHeight();
      // Negative values are fine: they point above the frame's top (the host clamps its own scroll).
      post({ source: MESSAGE_SOURCE, type: 'scrollTo', top: Math.round(top) });
    },
    reportLocation(path) {
      // The login route's address holds one-time tokens; the host page's address is anyone's to read.
      if (!path.startsWith('/') || path.startsWith('//') || isLoginPath(path) || path === lastPath) return;
      lastPath = path;
      post({ source: MESSAGE_SOURCE, type: 'location', path });
    },
    handleMessage,
  };
}

const VIEWPORT: HostMessage['type'] = 'viewport';

function parseViewport(data: unknown): HostViewport | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { [key in keyof HostMessage]?: unknown };
  if (message.source !== MESSAGE_SOURCE || message.type !== VIEWPORT) return null;
  const { scrollY, iframeTop, viewportHeight } = message;
  if (!isFiniteNumber(scrollY) || !isFiniteNumber(iframeTop) || !isFiniteNumber(viewportHeight)) return null;
  if (viewportHeight <= 0) return null;
  return { scrollY, iframeTop, viewportHeight };
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Real browser dependencies: measures `root`, listens on `win`. */
export function browserBridgeDeps(
  win: Window,
  root: HTMLElement,
  hostOrigin: string | null,
): IframeBridgeDeps {
  return {
    hostOrigin,
    parent: win.parent,
    self: win,
    measure: () => Math.max(root.scrollHeight, root.getBoundingClientRect().height),
    listen(handler) {
      const listener = (event: MessageEvent) => handler(event);
      win.addEventListener('message', listener);
      return () => win.removeEventListener('message', listener);
    },
    every(ms, tick) {
      const id = win.setInterval(tick, ms);
      return () => win.clearInterval(id);
    },
    onResize(tick) {
      if (typeof ResizeObserver === 'undefined') return () => {};
      const observer = new ResizeObserver(() => tick());
      observer.observe(root);
      return () => observer.disconnect();
    },
  };
}
