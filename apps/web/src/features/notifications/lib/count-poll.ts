import { NOTIFICATION_POLL_MS } from '@portal/contract';
import { hashKey, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

/** The page as the poll sees it: the browser's `document` and `window`, or stand-ins in tests. */
export interface PollTargets {
  document: EventTarget & { readonly visibilityState: DocumentVisibilityState };
  window: EventTarget;
}

export interface CountPollOptions<T> {
  client: QueryClient;
  queryKey: QueryKey;
  queryFn: QueryFunction<T>;
  targets?: PollTargets;
  intervalMs?: number;
}

/**
 * A tab regains visibility and the focus at once: two events, one request. Beyond this the member has been
 * away and gets the count afresh.
 */
const REGAIN_FLOOR_MS = 1000;

/**
 * The bell's count (issue 37 point 5): asked at once, then `intervalMs` after the last answer, whichever
 * request brought it (this poll's, the list's, a 'gelesen'); never while the tab is hidden; at once when the
 * tab is shown again or gets the focus. So an open tab asks at most once a minute besides those returns,
 * and a hidden one not at all. Returns the stop.
 */
export function startCountPoll<T>({
  client,
  queryKey,
  queryFn,
  targets = { document, window },
  intervalMs = NOTIFICATION_POLL_MS,
}: CountPollOptions<T>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const visible = () => targets.document.visibilityState !== 'hidden';
  const lastAnswerAt = () => {
    const state = client.getQueryState(queryKey);
    return Math.max(state?.dataUpdatedAt ?? 0, state?.errorUpdatedAt ?? 0);
  };
  const ask = () => {
    // A request already under way is joined, not repeated; a failure waits for the next turn.
    client.fetchQuery({ queryKey, queryFn, staleTime: 0 }).catch(() => undefined);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    stopTimer();
    if (!visible()) return;
    const last = lastAnswerAt();
    const wait = last === 0 ? 0 : Math.max(0, last + intervalMs - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      ask();
    }, wait);
  };
  const regain = () => {
    if (!visible()) return;
    if (Date.now() - lastAnswerAt() < REGAIN_FLOOR_MS) {
      schedule();
      return;
    }
    stopTimer();
    ask();
  };
  const onVisibility = () => (visible() ? regain() : stopTimer());
  const hash = hashKey(queryKey);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== hash) return;
    if (event.action.type === 'success' || event.action.type === 'error') schedule();
  });
  targets.document.addEventListener('visibilitychange', onVisibility);
  targets.window.addEventListener('focus', regain);
  schedule();
  return () => {
    stopTimer();
    unsubscribe();
    targets.document.removeEventListener('visibilitychange', onVisibility);
    targets.window.removeEventListener('focus', regain);
  };
}
