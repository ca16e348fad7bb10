import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { de } from '../../i18n/de';
import { createDiscardCheck } from '../form/unsaved-changes';
import { showOverlays } from '../overlay/overlays';

/** SPEC §4/§9 confirmation dialog: default buttons 'Ja'/'Nein', width 290, persistent. */
const CONFIRM_WIDTH_PX = 290;

export interface ConfirmOptions {
  title: string;
  text: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deleting. */
  danger?: boolean;
  /**
   * Escape answers with the cancel button (the dialog is otherwise persistent, SPEC §4): for questions whose
   * cancel keeps everything as it was (logout, breaking news, discarding changes; issue 31 point 4).
   */
  escapeCancels?: boolean;
}

/** Resolves true for the confirm button, false for the cancel button. */
export async function confirm({
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger,
  escapeCancels = false,
}: ConfirmOptions): Promise<boolean> {
  await showOverlays();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: typeof text === 'string' ? <Text size="sm">{text}</Text> : text,
      labels: { confirm: confirmLabel ?? de.confirm.yes, cancel: cancelLabel ?? de.confirm.no },
      size: CONFIRM_WIDTH_PX,
      centered: true,
      closeOnClickOutside: false,
      closeOnEscape: escapeCancels,
      withCloseButton: false,
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  return confirm;
}

/**
 * 'Änderungen verwerfen?' before a form with changes closes or its page is left (issue 14); true to
 * discard. A form without changes closes at once.
 */
export const mayDiscard = createDiscardCheck(() =>
  confirm({
    title: de.unsavedChanges.title,
    text: de.unsavedChanges.text,
    confirmLabel: de.unsavedChanges.discard,
    cancelLabel: de.unsavedChanges.keep,
    danger: true,
    escapeCancels: true,
  }),
);
