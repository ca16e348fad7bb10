import { CONVERSATION_MESSAGES } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { lazy, Suspense } from 'react';
import { showOverlays } from '../../../components/overlay/overlays';
import { de } from '../../../i18n/de';

/** The list with its word differences (and the `diff` package) loads when the dialog first opens. */
const VersionList = lazy(() => import('./version-list'));

/**
 * 'Versionen' of a post (issue 37 point 1): a dialog (Mantine's modal: named by its title, focus kept inside,
 * Escape closes, focus back on 'Versionen' after) with every version, its time and who wrote it, and what
 * changed from the one before.
 */
export function openVersionsDialog(postId: number, label: string): void {
  void showOverlays().then(() =>
    modals.open({
      modalId: `versionen-${postId}`,
      title: `${CONVERSATION_MESSAGES.versions}: ${label}`,
      size: 'lg',
      closeButtonProps: { 'aria-label': de.dialog.close },
      children: (
        <Suspense
          fallback={
            <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
              <Skeleton height={20} width="50%" />
              <Skeleton height={80} />
              <Skeleton height={80} />
            </Stack>
          }
        >
          <VersionList postId={postId} />
        </Suspense>
      ),
    }),
  );
}
