import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useBlocker } from 'react-router';
import { mayDiscard } from '../feedback/confirm';
import { unsavedChanges } from './unsaved-changes';

/** What a sheet or drawer gives the forms it shows. */
interface DirtyGuard {
  scope: string;
  /** True when the form may close: nothing changed, or the member chose to discard. */
  mayClose: () => Promise<boolean>;
}

const DirtyGuardContext = createContext<DirtyGuard | null>(null);

/** Given by the sheet and the drawer around their content. */
export function DirtyGuardProvider({ scope, mayClose, children }: DirtyGuard & { children: ReactNode }) {
  const value = useMemo(() => ({ scope, mayClose }), [scope, mayClose]);
  return <DirtyGuardContext value={value}>{children}</DirtyGuardContext>;
}

/**
 * Around a form that has a page of its own (no sheet or drawer to close, issue 17's settings): its changes
 * count while the page is shown, so leaving or reloading the page asks 'Änderungen verwerfen?' first.
 */
export function PageDirtyGuard({ children }: { children: ReactNode }) {
  const scope = useId();
  useEffect(() => {
    unsavedChanges.setOpen(scope, true);
    return () => unsavedChanges.setOpen(scope, false);
  }, [scope]);
  const mayClose = useCallback(() => mayDiscard(unsavedChanges.isDirty(scope)), [scope]);
  return (
    <DirtyGuardProvider scope={scope} mayClose={mayClose}>
      {children}
    </DirtyGuardProvider>
  );
}

/**
 * A form reports whether it holds changes (react-hook-form's `isDirty`, chosen files) to the sheet or
 * drawer around it, which then asks 'Änderungen verwerfen?' before it closes. Outside one it does nothing.
 */
export function useDirtyGuard(isDirty: boolean): void {
  const guard = useContext(DirtyGuardContext);
  const source = useId();
  const scope = guard?.scope;
  useEffect(() => {
    if (scope === undefined) return;
    unsavedChanges.report(scope, source, isDirty);
    return () => unsavedChanges.report(scope, source, false);
  }, [scope, source, isDirty]);
}

/** `close` behind the question when the surrounding sheet or drawer holds changes ('Abbrechen'). */
export function useGuardedClose(close: () => void): () => void {
  const guard = useContext(DirtyGuardContext);
  return () => {
    if (!guard) {
      close();
      return;
    }
    void guard.mayClose().then((ok) => {
      if (ok) close();
    });
  };
}

/**
 * While a form with changes is open, the page warns before it is reloaded or left (beforeunload, only
 * registered then: the handler keeps the page out of the back-forward cache) and a route change inside
 * the app asks `ask` first. Mounted once (React Router allows a single blocker).
 */
export function useLeaveGuard(ask: () => Promise<boolean>): void {
  const dirty = useSyncExternalStore(unsavedChanges.anyDirty.subscribe, unsavedChanges.anyDirty.get);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the dialog only with a returnValue set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Read at navigation time: a form that saved has closed its sheet before it navigates.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedChanges.anyDirty.get() && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask().then((discard) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (discard) current.proceed();
      else current.reset();
    });
  }, [blocker.state, ask]);
}
