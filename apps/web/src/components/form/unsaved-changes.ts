import { createStore, type Store } from '../../lib/external-store';

/**
 * Issue 14: nothing typed is lost silently. Forms report whether they hold changes (`source`) within the
 * sheet or drawer that shows them (`scope`); only an open scope counts, so a form still sliding out after
 * saving does not hold up the next navigation.
 */
export interface UnsavedChanges {
  report(scope: string, source: string, dirty: boolean): void;
  setOpen(scope: string, open: boolean): void;
  /** The open scope holds a form with changes. */
  isDirty(scope: string): boolean;
  /** Any open scope holds changes: the page warns before it is left. */
  readonly anyDirty: Store<boolean>;
}

export function createUnsavedChanges(): UnsavedChanges {
  const dirtySources = new Map<string, Set<string>>();
  const open = new Set<string>();
  const anyDirty = createStore(false);
  const isDirty = (scope: string) => open.has(scope) && (dirtySources.get(scope)?.size ?? 0) > 0;
  const update = () => anyDirty.set([...open].some(isDirty));
  return {
    report(scope, source, dirty) {
      let sources = dirtySources.get(scope);
      if (!sources) {
        sources = new Set();
        dirtySources.set(scope, sources);
      }
      if (dirty) sources.add(source);
      else sources.delete(source);
      update();
    },
    setOpen(scope, isOpen) {
      if (isOpen) open.add(scope);
      else open.delete(scope);
      update();
    },
    isDirty,
    anyDirty,
  };
}

/** The one registry of the app: the sheet, the drawers and the page's leave warnings share it. */
export const unsavedChanges = createUnsavedChanges();

/**
 * Whether a form may be closed: at once without changes, else after `ask` ('Änderungen verwerfen?').
 * While one question is open a second close request (Escape again) is refused rather than asked twice; so
 * is one in the same task as the answer: the Escape that answers the question (issue 31 point 4) reaches the
 * sheet's own Escape listener on the window too, after the question's, and must not ask again.
 */
export function createDiscardCheck(ask: () => Promise<boolean>): (dirty: boolean) => Promise<boolean> {
  let asking = false;
  return async (dirty) => {
    if (!dirty) return true;
    if (asking) return false;
    asking = true;
    try {
      return await ask();
    } finally {
      setTimeout(() => {
        asking = false;
      }, 0);
    }
  };
}
