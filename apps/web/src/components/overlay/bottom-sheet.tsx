import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { createStore } from '../../lib/external-store';
import { mayDiscard } from '../feedback/confirm';
import { useLeaveGuard } from '../form/dirty-guard';
import { unsavedChanges } from '../form/unsaved-changes';
import { showOverlays } from './overlays';

/** SPEC §4: the bottom-sheet form dialog; only one is open at a time (a new one replaces it). */
export interface BottomSheetOptions {
  title: ReactNode;
  content: ReactNode;
}

interface SheetState extends BottomSheetOptions {
  id: number;
  opened: boolean;
}

/** The sheet shown (or closing); BottomSheetHost (bottom-sheet-host.tsx, in its own chunk) draws it. */
export const sheet = createStore<SheetState | null>(null);
let lastId = 0;

/** The forms of the sheet report their changes under this scope. */
export const SHEET_SCOPE = 'bottom-sheet';

export interface BottomSheet {
  open(options: BottomSheetOptions): void;
  /** Closes at once: after a save, or once the member agreed to discard. */
  close(): void;
  /** Escape, the close button: asks 'Änderungen verwerfen?' first when the form holds changes. */
  requestClose(): Promise<void>;
}

const bottomSheet: BottomSheet = {
  open(options) {
    void showOverlays();
    lastId += 1;
    sheet.set({ ...options, id: lastId, opened: true });
    unsavedChanges.setOpen(SHEET_SCOPE, true);
  },
  close() {
    unsavedChanges.setOpen(SHEET_SCOPE, false);
    const current = sheet.get();
    if (current?.opened) sheet.set({ ...current, opened: false });
  },
  async requestClose() {
    if (await mayDiscard(unsavedChanges.isDirty(SHEET_SCOPE))) bottomSheet.close();
  },
};

export const maySheetClose = () => mayDiscard(unsavedChanges.isDirty(SHEET_SCOPE));
/** Leaving the page is asked about only while some form holds changes. */
const mayLeave = () => mayDiscard(true);

export function useBottomSheet(): BottomSheet {
  return bottomSheet;
}

/**
 * In the root layout, with or without the sheet's host loaded: asks before a page with changes is left, and
 * closes the sheet when the page changes.
 */
export function useBottomSheetRouting(): void {
  const { pathname } = useLocation();
  useLeaveGuard(mayLeave);
  useEffect(() => {
    if (pathname) bottomSheet.close();
  }, [pathname]);
}
