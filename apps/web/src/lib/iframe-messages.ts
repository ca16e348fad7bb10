/**
 * The messages between the app in its iframe and the host page's embed script (ARCHITECTURE §4 "Iframe"):
 * the one source of their names and shapes for src/lib/iframe-bridge.ts and public/embed.js, which reads
 * them through JSDoc and is type-checked with the app (tsconfig `checkJs`).
 */
export const MESSAGE_SOURCE = 'portal';

/**
 * Where the host's viewport is: scrollY is the host window's scroll offset, iframeTop the iframe's top in host
 * document coordinates and viewportHeight the host window's inner height.
 */
export interface HostViewport {
  scrollY: number;
  iframeTop: number;
  viewportHeight: number;
}

type Message<Type extends string, Payload extends object = object> = {
  source: typeof MESSAGE_SOURCE;
  type: Type;
} & Payload;

/**
 * App → host: loaded (on every load), the height the frame needs, where to scroll the host page, and the
 * app's address (path, query, hash; never the login route), which the host keeps in its own address as the
 * deep link `?portal=…` so that a reload, a bookmark or the back button return to it (issue 31).
 */
export type ChildMessage =
  | Message<'ready'>
  | Message<'height', { height: number }>
  | Message<'scrollTo', { top: number }>
  | Message<'location', { path: string }>;

/** Host → app: where the host's viewport is. */
export type HostMessage = Message<'viewport', HostViewport>;
