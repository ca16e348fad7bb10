import { Container, Drawer } from '@mantine/core';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { de } from '../../i18n/de';
import { getBridge } from '../../lib/frame-bridge';
import { type Region, sheetScrollTarget } from '../../lib/visible-region';
import { DirtyGuardProvider } from '../form/dirty-guard';
import { maySheetClose, SHEET_SCOPE, sheet, useBottomSheet } from './bottom-sheet';
import { focusOnArrival } from './focus-on-arrival';
import { sheetStyles } from './placement';
import { useHostViewport } from './use-visible-region';

/** The bottom sheet itself (SPEC §4), mounted with the other overlay hosts (app/overlay-hosts.tsx). */
export function BottomSheetHost({ region }: { region: Region | null }) {
  const state = useSyncExternalStore(sheet.subscribe, sheet.get);
  const contentRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const hostViewport = useHostViewport();
  const bottomSheet = useBottomSheet();
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

  // A form in a chunk of its own gets the focus when it arrives, not only when the sheet opens.
  useEffect(() => {
    if (openedId === null) return;
    let stop: () => void = () => undefined;
    // The drawer's content mounts with its transition, by the next frame.
    const frame = requestAnimationFrame(() => {
      if (contentRef.current) stop = focusOnArrival(contentRef.current, closeRef.current);
    });
    return () => {
      cancelAnimationFrame(frame);
      stop();
    };
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
          <Drawer.CloseButton ref={closeRef} aria-label={de.dialog.close} />
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
