import { Container, Drawer } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { de } from '../../i18n/de';
import { createStore } from '../../lib/external-store';
import { getBridge } from '../../lib/frame-bridge';
import { type Region, sheetScrollTarget } from '../../lib/visible-region';
import { mayDiscard } from '../feedback/confirm';
import { DirtyGuardProvider, useLeaveGuard } from '../form/dirty-guard';
import { unsavedChanges } from '../form/unsaved-changes';
import { sheetStyles } from './placement';
import { useHostViewport } from './use-visible-region';

/** SPEC §4: the bottom-sheet form dialog; only one is open at a time (a new one replaces it). */
export interface BottomSheetOptions {
  title: ReactNode;
  content: ReactNode;
}

interface SheetState extends BottomSheetOptions {
  id: number;
  opened: boolean;
}

const sheet = createStore<SheetState | null>(null);
let lastId = 0;

/** The forms of the sheet report their changes under this scope. */
const SHEET_SCOPE = 'bottom-sheet';

export interface BottomSheet {
  open(options: BottomSheetOptions): void;
  /** Closes at once: after a save, or once the member agreed to discard. */
  close(): void;
  /** Escape, the close button: asks 'Änderungen verwerfen?' first when the form holds changes. */
  requestClose(): Promise<void>;
}

const bottomSheet: BottomSheet = {
  open(options) {
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

const maySheetClose = () => mayDiscard(unsavedChanges.isDirty(SHEET_SCOPE));
/** Leaving the page is asked about only while some form holds changes. */
const mayLeave = () => mayDiscard(true);

export function useBottomSheet(): BottomSheet {
  return bottomSheet;
}

export function BottomSheetHost({ region }: { region: Region | null }) {
  const state = useSyncExternalStore(sheet.subscribe, sheet.get);
  const contentRef = useRef<HTMLDivElement>(null);
  const hostViewport = useHostViewport();
  const { pathname } = useLocation();
  useLeaveGuard(mayLeave);

  useEffect(() => {
    if (pathname) bottomSheet.close();
  }, [pathname]);

  const openedId = state?.opened ? state.id : null;
  // Each newly opened sheet starts scrolled to its top and asks the host to bring it into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opened sheet, not per region change
  useEffect(() => {
    if (openedId === null) return;
    const frame = requestAnimationFrame(() => {
      const content = contentRef.current;
      if (!content) return;
      content.scrollTop = 0;
      const bottom = region ? region.top + region.height : window.innerHeight;
      const height = content.offsetHeight;
      getBridge().scrollTo(sheetScrollTarget({ top: bottom - height, height }, hostViewport));
    });
    return () => cancelAnimationFrame(frame);
  }, [openedId]);

  const styles = sheetStyles(region);
  return (
    <Drawer.Root
      opened={state?.opened ?? false}
      onClose={() => void bottomSheet.requestClose()}
      position="bottom"
      closeOnClickOutside={false}
      styles={styles}
    >
      <Drawer.Overlay />
      <Drawer.Content ref={contentRef} radius="md">
        <Drawer.Header>
          <Drawer.Title fw={600}>{state?.title}</Drawer.Title>
          <Drawer.CloseButton aria-label={de.dialog.close} />
        </Drawer.Header>
        <Drawer.Body>
          <Container size="md" px={0}>
            <DirtyGuardProvider scope={SHEET_SCOPE} mayClose={maySheetClose}>
              {state?.content}
            </DirtyGuardProvider>
          </Container>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
