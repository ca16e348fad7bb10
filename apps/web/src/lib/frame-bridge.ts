import { browserBridgeDeps, createIframeBridge, type IframeBridge } from './iframe-bridge';

/** The app's iframe bridge; inactive (a normal page) until started inside a frame of the host origin. */
let instance: IframeBridge = createIframeBridge({
  hostOrigin: null,
  parent: null,
  self: null,
  measure: () => 0,
  listen: () => () => {},
  every: () => () => {},
  onResize: () => () => {},
});

export function getBridge(): IframeBridge {
  return instance;
}

export function startBridge(win: Window, root: HTMLElement, hostOrigin: string | null): () => void {
  instance = createIframeBridge(browserBridgeDeps(win, root, hostOrigin));
  return instance.start();
}
