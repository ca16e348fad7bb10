import { NOTIFICATION_POLL_MS } from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PollTargets, startCountPoll } from './count-poll';

const KEY = ['notifications', 'centre', 7, 'count'] as const;
const MINUTE = NOTIFICATION_POLL_MS;

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';

  show(): void {
    this.visibilityState = 'visible';
    this.dispatchEvent(new Event('visibilitychange'));
  }

  hide(): void {
    this.visibilityState = 'hidden';
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

interface Setup {
  client: QueryClient;
  doc: FakeDocument;
  win: EventTarget;
  /** When each request was made, in ms since the start. */
  requests: number[];
  stop: () => void;
}

let started = 0;
let stops: (() => void)[] = [];

function setup(options: { answerMs?: number; fail?: () => boolean } = {}): Setup {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const doc = new FakeDocument();
  const win = new EventTarget();
  const requests: number[] = [];
  const targets: PollTargets = { document: doc, window: win };
  const stop = startCountPoll({
    client,
    queryKey: KEY,
    targets,
    queryFn: async () => {
      requests.push(Date.now() - started);
      if (options.answerMs) await new Promise((resolve) => setTimeout(resolve, options.answerMs));
      if (options.fail?.()) throw new Error('offline');
      return { unread: requests.length };
    },
  });
  stops.push(stop);
  return { client, doc, win, requests, stop };
}

/** The shortest time between two requests. */
function shortestGap(requests: readonly number[]): number {
  return Math.min(...requests.slice(1).map((at, index) => at - (requests[index] ?? 0)));
}

beforeEach(() => {
  vi.useFakeTimers();
  started = Date.now();
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
});

describe('the bell count poll', () => {
  it('asks at once, then once a minute while the tab is open', async () => {
    const { requests, client } = setup();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([0]);
    expect(client.getQueryData(KEY)).toEqual({ unread: 1 });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(requests).toHaveLength(11);
    expect(shortestGap(requests)).toBe(MINUTE);
  });

  it('waits a minute from the answer when the server is slow, never less', async () => {
    const { requests } = setup({ answerMs: 5_000 });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    // each turn takes 65 s: the request, its 5 s answer, a minute's wait
    expect(requests).toHaveLength(10);
    expect(shortestGap(requests)).toBe(MINUTE + 5_000);
  });

  it('asks nothing while the tab is hidden and asks at once when it is shown again', async () => {
    const { requests, doc } = setup();
    await vi.advanceTimersByTimeAsync(30_000);
    doc.hide();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(requests).toEqual([0]);
    doc.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([0, 30_000 + 10 * MINUTE]);
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
  });

  it('asks nothing more when the tab is hidden while a request is under way', async () => {
    const { requests, doc } = setup({ answerMs: 2_000 });
    // the second request goes at 62 s and is answered at 64 s
    await vi.advanceTimersByTimeAsync(MINUTE + 3_000);
    doc.hide();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(requests).toEqual([0, MINUTE + 2_000]);
  });

  it('asks once when the tab gets the focus back, also when it is shown in the same moment', async () => {
    const { requests, doc, win } = setup({ answerMs: 200 });
    await vi.advanceTimersByTimeAsync(20_000);
    doc.hide();
    await vi.advanceTimersByTimeAsync(5_000);
    doc.show();
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(300);
    // the focus after the answer came is the same return
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(300);
    expect(requests).toEqual([0, 25_000]);
    // the focus alone, later (another window in front of the browser, then the browser again)
    await vi.advanceTimersByTimeAsync(10_000);
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toEqual([0, 25_000, 35_600]);
    expect(shortestGap(requests)).toBeGreaterThan(1_000);
  });

  it('counts an answer from elsewhere (the list, a read) as the last one', async () => {
    const { requests, client } = setup();
    await vi.advanceTimersByTimeAsync(50_000);
    client.setQueryData(KEY, { unread: 0 });
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(requests).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toEqual([0, 50_000 + MINUTE]);
  });

  it('waits a minute after a failed request too', async () => {
    let failing = true;
    const { requests, client } = setup({ fail: () => failing });
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(requests).toEqual([0, MINUTE, 2 * MINUTE, 3 * MINUTE]);
    failing = false;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(client.getQueryData(KEY)).toEqual({ unread: 5 });
  });

  it('asks nothing more once stopped', async () => {
    const { requests, stop, doc, win } = setup();
    await vi.advanceTimersByTimeAsync(MINUTE);
    stop();
    doc.hide();
    doc.show();
    win.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(requests).toEqual([0, MINUTE]);
  });

  it('starts from a count already known instead of asking again', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } });
    client.setQueryData(KEY, { unread: 3 });
    await vi.advanceTimersByTimeAsync(40_000);
    const requests: number[] = [];
    stops.push(
      startCountPoll({
        client,
        queryKey: KEY,
        targets: { document: new FakeDocument(), window: new EventTarget() },
        queryFn: async () => {
          requests.push(Date.now() - started);
          return { unread: 3 };
        },
      }),
    );
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(requests).toEqual([MINUTE]);
  });
});
