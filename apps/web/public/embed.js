/*
 * Portal embed script for the host website (ARCHITECTURE §4 "Iframe"). Plain JS, no build step.
 *
 *   <div id="portal"></div>
 *   <script src="https://portal.example.de/embed.js" data-target="portal"
 *           data-path="/login?token=…"></script>
 *
 * Creates the portal iframe, sizes it to the height the app reports, tells the app where the host's
 * viewport is (so dialogs open in the visible part of the frame) and scrolls the host page when the app
 * asks. Messages are { source: 'portal', type, ...payload }, accepted only from the portal's exact origin
 * and from our own iframe, and posted only to that origin.
 *
 * Initial address: a deep link in the host page's query (?portal=/blog/12), else data-path, else '/'.
 * If data-path is a login link (/login?token=…), a deep link is passed on as its `request` parameter,
 * so the app logs in first and then opens the deep link.
 */
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement) || !script.src) {
    console.error('Portal: embed.js must be included with <script src="…/embed.js">.');
    return;
  }

  const portalOrigin = new URL(script.src).origin;
  const MIN_HEIGHT = 200;
  const MAX_HEIGHT = 100000;
  const INITIAL_HEIGHT = 600;

  /** A path on the portal's origin, or null for anything that could leave it. */
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

  function initialPath() {
    const deepLink = portalPath(new URLSearchParams(window.location.search).get('portal'));
    const configured = portalPath(script.dataset.path ?? null);
    if (deepLink && configured && /^\/login\?/.test(configured) && !/^\/login(\?|$)/.test(deepLink)) {
      const url = new URL(configured, portalOrigin);
      url.searchParams.set('request', deepLink);
      return url.pathname + url.search;
    }
    return deepLink ?? configured ?? '/';
  }

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

  function post(type, payload) {
    iframe.contentWindow?.postMessage({ source: 'portal', type, ...payload }, portalOrigin);
  }

  /** iframeTop is the frame's top in host document coordinates, as scrollY is. */
  function iframeTop() {
    return iframe.getBoundingClientRect().top + window.scrollY;
  }

  function sendViewport(force) {
    if (!ready) return;
    const viewport = {
      scrollY: Math.round(window.scrollY),
      iframeTop: Math.round(iframeTop()),
      viewportHeight: window.innerHeight,
    };
    const key = JSON.stringify(viewport);
    if (!force && key === lastViewport) return;
    lastViewport = key;
    post('viewport', viewport);
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

  function onMessage(event) {
    if (event.origin !== portalOrigin || event.source !== iframe.contentWindow) return;
    const data = event.data;
    if (!data || typeof data !== 'object' || data.source !== 'portal') return;
    if (data.type === 'ready') {
      // Sent on every (re)load of the app: answer with the current viewport.
      ready = true;
      sendViewport(true);
    } else if (data.type === 'height' && Number.isFinite(data.height)) {
      iframe.style.height = `${clampHeight(data.height)}px`;
    } else if (data.type === 'scrollTo' && Number.isFinite(data.top)) {
      window.scrollTo({ top: Math.max(0, iframeTop() + data.top), behavior: 'auto' });
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
