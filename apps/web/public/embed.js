// @ts-check
/*
 * Portal embed script for the host website (ARCHITECTURE §4 "Iframe"). Plain JS, no build step.
 *
 *   <div id="portal"></div>
 *   <script src="https://portal.example.de/embed.js" data-target="portal"
 *           data-path="/login?token=…"></script>
 *
 * Creates the portal iframe, sizes it to the height the app reports, tells the app where the host's
 * viewport is (so dialogs open in the visible part of the frame) and scrolls the host page when the app
 * asks. The messages are typed in src/lib/iframe-messages.ts (the app's side uses the same types; tsc
 * checks this file with them). They are accepted only from the portal's exact origin and from our own
 * iframe, and posted only to that origin.
 *
 * Initial address: data-path, else '/'. A deep link in the host page's query (?portal=/blog/12) is passed
 * on as the `request` parameter of the login route (of data-path's login link, if it is one), so the app
 * logs in first and then opens the deep link. The host page's address is anyone's to write: it never
 * becomes the frame's address itself, so a login link in it (?portal=/login%3Ftoken%3D…) signs nobody in;
 * the app remembers a `request` only when its router would not read it as the login route (issue 30).
 *
 * The app reports every address it shows (`location`); the script writes it into the host page's address as
 * that deep link with history.replaceState (never a login route), so a reload or a bookmark of the host page
 * opens the same portal page. The frame's navigations are entries of the browser's joint history already:
 * the host's back button goes back in the frame, whose next report puts the address right (issue 31).
 */
/** @typedef {import('../src/lib/iframe-messages').ChildMessage} ChildMessage */
/** @typedef {import('../src/lib/iframe-messages').HostMessage} HostMessage */
/** @typedef {import('../src/lib/iframe-messages').HostViewport} HostViewport */

(() => {
  const current = document.currentScript;
  if (!(current instanceof HTMLScriptElement) || !current.src) {
    console.error('Portal: embed.js must be included with <script src="…/embed.js">.');
    return;
  }
  // Named again after the check, so that the functions below (hoisted) see it as a script element.
  const script = current;

  const portalOrigin = new URL(script.src).origin;
  /** @type {HostMessage['source']} */
  const MESSAGE_SOURCE = 'portal';
  const DEEP_LINK_PARAM = 'portal';
  /** The app's start page: no deep link needed (every login ends there). */
  const START_PATHS = ['/', '/dashboard'];
  const MIN_HEIGHT = 200;
  const MAX_HEIGHT = 100000;
  const INITIAL_HEIGHT = 600;

  /**
   * A path on the portal's origin, or null for anything that could leave it.
   * @param {string | null} value
   * @returns {string | null}
   */
  function portalPath(value) {
    if (
      typeof value !== 'string' ||
      !value.startsWith('/') ||
      value.startsWith('//') ||
      value.includes('\\')
    ) {
      return null;
    }
    try {
      const url = new URL(value, portalOrigin);
      return url.origin === portalOrigin ? url.pathname + url.search + url.hash : null;
    } catch {
      return null;
    }
  }

  /**
   * True for the login route as the app's router reads it (case, dot segments, encoding): its address holds
   * one-time tokens, which must never stand in the host page's address. The app never reports it either.
   * @param {string} path a path on the portal's origin
   */
  function isLoginRoute(path) {
    let pathname = new URL(path, portalOrigin).pathname;
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return true;
    }
    const first = pathname.split(/[/\\]/).find((segment) => segment.trim() !== '');
    return first?.trim().toLowerCase() === 'login';
  }

  /**
   * The host page's address with `path` as its deep link, its other parameters and fragment kept; written as
   * the contract's hostPageLink writes links (packages/contract/src/app-links.ts): slashes kept, readable.
   * @param {string} path
   */
  function addressWithDeepLink(path) {
    const kept = window.location.search
      .slice(1)
      .split('&')
      .filter((part) => part !== '' && parameterName(part) !== DEEP_LINK_PARAM);
    if (!START_PATHS.includes(path)) {
      kept.push(`${DEEP_LINK_PARAM}=${encodeURIComponent(path).replace(/%2F/gi, '/')}`);
    }
    return `${window.location.pathname}${kept.length > 0 ? `?${kept.join('&')}` : ''}${window.location.hash}`;
  }

  /** @param {string} part one `name=value` of a query */
  function parameterName(part) {
    const name = (part.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  }

  /** @param {string} reported the address the app shows */
  function keepInAddress(reported) {
    const path = portalPath(reported);
    if (!path || isLoginRoute(path)) return;
    const address = addressWithDeepLink(path);
    const current = window.location.pathname + window.location.search + window.location.hash;
    // Replaced, not pushed: the frame's own navigation is the history entry (see the header).
    if (address !== current) window.history.replaceState(window.history.state, '', address);
  }

  function initialPath() {
    const deepLink = portalPath(new URLSearchParams(window.location.search).get(DEEP_LINK_PARAM));
    const configured = portalPath(script.dataset.path ?? null);
    if (!deepLink) return configured ?? '/';
    const url = new URL(configured && /^\/login\?/.test(configured) ? configured : '/login', portalOrigin);
    url.searchParams.set('request', deepLink);
    return url.pathname + url.search;
  }

  /** @param {number} value */
  function clampHeight(value) {
    return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(value)));
  }

  const iframe = document.createElement('iframe');
  iframe.title = script.dataset.title || 'Portal';
  iframe.allow = 'clipboard-write';
  iframe.style.cssText = `display:block;width:100%;border:0;height:${INITIAL_HEIGHT}px`;
  iframe.src = portalOrigin + initialPath();

  let ready = false;
  let frameRequested = false;
  let lastViewport = '';

  /** @param {HostMessage} message */
  function post(message) {
    iframe.contentWindow?.postMessage(message, portalOrigin);
  }

  /** iframeTop is the frame's top in host document coordinates, as scrollY is. */
  function iframeTop() {
    return iframe.getBoundingClientRect().top + window.scrollY;
  }

  /** @param {boolean} force */
  function sendViewport(force) {
    if (!ready) return;
    /** @type {HostViewport} */
    const viewport = {
      scrollY: Math.round(window.scrollY),
      iframeTop: Math.round(iframeTop()),
      viewportHeight: window.innerHeight,
    };
    const key = JSON.stringify(viewport);
    if (!force && key === lastViewport) return;
    lastViewport = key;
    post({ source: MESSAGE_SOURCE, type: 'viewport', ...viewport });
  }

  /** At most one viewport message per animation frame, however many scroll events arrive. */
  function scheduleViewport() {
    if (!ready || frameRequested) return;
    frameRequested = true;
    window.requestAnimationFrame(() => {
      frameRequested = false;
      sendViewport(false);
    });
  }

  /** @param {MessageEvent<unknown>} event */
  function onMessage(event) {
    if (event.origin !== portalOrigin || event.source !== iframe.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || !('source' in data) || data.source !== MESSAGE_SOURCE) return;
    // The names and fields are typed; their values come from outside and are checked here.
    const message = /** @type {ChildMessage} */ (data);
    if (message.type === 'ready') {
      // Sent on every (re)load of the app: answer with the current viewport.
      ready = true;
      sendViewport(true);
    } else if (message.type === 'height' && Number.isFinite(message.height)) {
      iframe.style.height = `${clampHeight(message.height)}px`;
    } else if (message.type === 'scrollTo' && Number.isFinite(message.top)) {
      window.scrollTo({ top: Math.max(0, iframeTop() + message.top), behavior: 'auto' });
    } else if (message.type === 'location' && typeof message.path === 'string') {
      keepInAddress(message.path);
    }
  }

  function mount() {
    const targetId = script.dataset.target;
    const target = targetId ? document.getElementById(targetId) : null;
    if (targetId && !target) {
      console.error(`Portal: no element with id "${targetId}"; the portal is placed after the script.`);
    }
    if (target) target.appendChild(iframe);
    else script.after(iframe);

    window.addEventListener('message', onMessage);
    window.addEventListener('scroll', scheduleViewport, { passive: true });
    window.addEventListener('resize', scheduleViewport);
    // Content above the frame may change size (images, banners) and move the frame.
    new ResizeObserver(scheduleViewport).observe(document.documentElement);
    iframe.addEventListener('load', () => sendViewport(true));
  }

  if (
    script.dataset.target &&
    !document.getElementById(script.dataset.target) &&
    document.readyState === 'loading'
  ) {
    document.addEventListener('DOMContentLoaded', mount, { once: true });
  } else {
    mount();
  }
})();
