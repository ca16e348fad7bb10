import { createStore, type Store } from './external-store';

/** Counts the requests that should show the global spinner (SPEC §4 "Dialogs and messages"). */
export interface Activity {
  readonly pending: Store<number>;
  /** Marks one request as running; call the returned function once when it ends. */
  begin(): () => void;
}

export function createActivity(): Activity {
  const pending = createStore(0);
  return {
    pending,
    begin() {
      pending.set(pending.get() + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending.set(pending.get() - 1);
      };
    },
  };
}
