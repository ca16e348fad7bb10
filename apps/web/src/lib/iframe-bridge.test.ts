import { describe, expect, it } from 'vitest';
import { createIframeBridge, type IframeBridgeDeps, type IncomingMessage } from './iframe-bridge';

const HOST = 'https://www.verband.example';

function setup(overrides: Partial<IframeBridgeDeps> = {}) {
  const posted: { message: unknown; targetOrigin: string }[] = [];
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
  };
  const self = {};
  let height = 600;
  let tick: () => void = () => {};
  let resize: () => void = () => {};
  let handler: (event: IncomingMessage) => void = () => {};
  let stopped = 0;
  const deps: IframeBridgeDeps = {
    hostOrigin: HOST,
    parent,
    self,
    measure: () => height,
    listen: (next) => {
      handler = next;
      return () => {
        stopped += 1;
      };
    },
    every: (ms, next) => {
      expect(ms).toBe(300);
      tick = next;
      return () => {
        stopped += 1;
      };
    },
    onResize: (next) => {
      resize = next;
      return () => {
        stopped += 1;
      };
    },
    ...overrides,
  };
  const bridge = createIframeBridge(deps);
  return {
    bridge,
    parent,
    posted,
    setHeight: (next: number) => {
      height = next;
    },
    tick: () => tick(),
    resize: () => resize(),
    receive: (event: IncomingMessage) => handler(event),
    stopped: () => stopped,
  };
}

const viewport = { source: 'portal', type: 'viewport', scrollY: 400, iframeTop: 120, viewportHeight: 800 };

describe('iframe bridge', () => {
  it('announces itself and reports the root height plus 150 px to the host origin only', () => {
    const { bridge, posted } = setup();
    bridge.start();
    expect(posted).toEqual([
      { message: { source: 'portal', type: 'ready' }, targetOrigin: HOST },
      { message: { source: 'portal', type: 'height', height: 750 }, targetOrigin: HOST },
    ]);
  });

  it('sends the height every 300 ms and on resize only when it changed', () => {
    const { bridge, posted, tick, resize, setHeight } = setup();
    bridge.start();
    tick();
    tick();
    resize();
    expect(posted).toHaveLength(2);
    setHeight(900.4);
    tick();
    resize();
    setHeight(480);
    resize();
    expect(posted.slice(2).map(({ message }) => message)).toEqual([
      { source: 'portal', type: 'height', height: 1051 },
      { source: 'portal', type: 'height', height: 630 },
    ]);
  });

  it('reports no height before the app has rendered anything', () => {
    const { bridge, posted, tick, setHeight } = setup();
    setHeight(0);
    bridge.start();
    tick();
    expect(posted.map(({ message }) => message)).toEqual([{ source: 'portal', type: 'ready' }]);
    setHeight(320);
    tick();
    expect(posted.at(-1)?.message).toEqual({ source: 'portal', type: 'height', height: 470 });
  });

  it('accepts viewport messages from the host origin and the parent window', () => {
    const { bridge, parent, receive } = setup();
    bridge.start();
    receive({ origin: HOST, source: parent, data: viewport });
    expect(bridge.viewport.get()).toEqual({ scrollY: 400, iframeTop: 120, viewportHeight: 800 });
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['an origin that only starts like the host', { origin: `${HOST}.evil.example` }],
    ['a host origin with a trailing slash', { origin: `${HOST}/` }],
    ['another window of the host origin', { source: {} }],
    ['a message of another source', { data: { ...viewport, source: 'other' } }],
    ['a malformed viewport', { data: { ...viewport, scrollY: 'x' } }],
  ])('ignores %s', (_label, change) => {
    const { bridge, parent, receive } = setup();
    bridge.start();
    receive({ origin: HOST, source: parent, data: viewport, ...change });
    expect(bridge.viewport.get()).toBeNull();
  });

  it('reports a changed height before asking the host to scroll, so the host scrolls a frame of the right size', () => {
    const { bridge, posted, setHeight } = setup();
    bridge.start();
    setHeight(1400);
    bridge.scrollTo(900);
    expect(posted.slice(2).map(({ message }) => message)).toEqual([
      { source: 'portal', type: 'height', height: 1550 },
      { source: 'portal', type: 'scrollTo', top: 900 },
    ]);
  });

  it('asks the host to scroll', () => {
    const { bridge, posted } = setup();
    bridge.start();
    bridge.scrollTo(312.6);
    expect(posted.slice(2)).toEqual([
      { message: { source: 'portal', type: 'scrollTo', top: 313 }, targetOrigin: HOST },
    ]);
  });

  it("reports the app's address to the host once per change, for its address bar (issue 31)", () => {
    const { bridge, posted } = setup();
    bridge.reportLocation('/forum/3/thread/12?page=2#antwort');
    bridge.reportLocation('/forum/3/thread/12?page=2#antwort');
    bridge.reportLocation('/blog/4');
    expect(posted).toEqual([
      {
        message: { source: 'portal', type: 'location', path: '/forum/3/thread/12?page=2#antwort' },
        targetOrigin: HOST,
      },
      { message: { source: 'portal', type: 'location', path: '/blog/4' }, targetOrigin: HOST },
    ]);
  });

  it.each([
    '/login?token=T&request=/blog/4',
    '/Login?denied=1',
    '/./login?token=T',
    'blog/4',
    '//evil.example/x',
  ])('never reports %s: no login route or token in the host address', (path) => {
    const { bridge, posted } = setup();
    bridge.reportLocation(path);
    expect(posted).toEqual([]);
  });

  it('does nothing outside an iframe (window.parent is the window itself)', () => {
    const self = { postMessage: () => {} };
    const posted: unknown[] = [];
    self.postMessage = () => posted.push('posted');
    const { bridge } = setup({ self, parent: self });
    expect(bridge.active).toBe(false);
    bridge.start();
    bridge.scrollTo(10);
    bridge.reportLocation('/blog/4');
    expect(posted).toEqual([]);
  });

  it('does nothing without a configured host origin', () => {
    const { bridge, posted } = setup({ hostOrigin: null });
    expect(bridge.active).toBe(false);
    bridge.start();
    bridge.scrollTo(10);
    expect(posted).toEqual([]);
  });

  it('stops timer, listener and observer', () => {
    const { bridge, stopped } = setup();
    const stop = bridge.start();
    stop();
    expect(stopped()).toBe(3);
  });
});
