import type { TMediaFile } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { FormSkeleton } from '../../../components/form/form-skeleton';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';

/** The forms (react-hook-form, file input, select) load when an admin first opens one. */
const MediaFileForm = lazy(async () => ({ default: (await import('./media-file-form')).MediaFileForm }));
const MediaUploadForm = lazy(async () => ({
  default: (await import('./media-upload-form')).MediaUploadForm,
}));

export interface MediaFileTarget {
  /** The file to edit; without it a new upload. */
  file?: TMediaFile;
  /** The category of the route, preset for a new file (SPEC §3). */
  categoryId: number;
}

/**
 * SPEC §2: 'Neue Datei hochladen' (one or several files, issue 31) and edit open their form in the bottom
 * sheet.
 */
export function useMediaFileSheet(): (target: MediaFileTarget) => void {
  const sheet = useBottomSheet();
  return ({ file, categoryId }) =>
    sheet.open({
      title: file ? de.media.editFile : de.media.upload,
      content: (
        <Suspense fallback={<FormSkeleton heights={[36, 36, 36]} />}>
          {file ? (
            <MediaFileForm file={file} onDone={sheet.close} />
          ) : (
            <MediaUploadForm categoryId={categoryId} onDone={sheet.close} />
          )}
        </Suspense>
      ),
    });
}
