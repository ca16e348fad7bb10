import {
  acceptAttribute,
  autoMediaName,
  fileTypeAmong,
  MEDIA_FILE_TYPES,
  MEDIA_MESSAGES,
  ZMediaFileInput,
} from '@portal/contract';
import { z } from 'zod';
import { fileSizeError } from '../../../components/form/file-checks';
import { ApiError } from '../../../lib/api-error';

/** The file input's `accept`: JPG, PNG, GIF and PDF (SPEC §5, §9). */
export const MEDIA_ACCEPT_ATTRIBUTE = acceptAttribute(MEDIA_FILE_TYPES);

/**
 * The browser's first check of a chosen file: by its type, or by its name when the system gives none. The
 * server checks the content (415 with the same message).
 */
export function isAcceptedMediaFile(file: { name: string; type: string }): boolean {
  return fileTypeAmong(file, MEDIA_FILE_TYPES) !== null;
}

/**
 * SPEC §5 auto-name: a chosen file fills the name only while the name is still empty (blank counts as
 * empty: it could not be saved anyway). Null: leave the name as it is.
 */
export function nameForChosenFile(currentName: string, file: { name: string } | null): string | null {
  if (!file || currentName.trim() !== '') return null;
  return autoMediaName(file.name);
}

/**
 * The upload form: the contract's `media` fields plus the file, required for a new entry (SPEC §3 form
 * defaults: id, name, category, file all empty).
 */
export const ZMediaFileForm = ZMediaFileInput.extend({
  file: z.custom<File>((value) => value instanceof File).nullable(),
}).superRefine((values, context) => {
  if (!values.file) {
    if (!values.id)
      context.addIssue({ code: 'custom', path: ['file'], message: MEDIA_MESSAGES.fileRequired });
  } else if (!isAcceptedMediaFile(values.file)) {
    context.addIssue({ code: 'custom', path: ['file'], message: MEDIA_MESSAGES.fileType });
  } else {
    const tooLarge = fileSizeError(values.file);
    if (tooLarge) context.addIssue({ code: 'custom', path: ['file'], message: tooLarge });
  }
});
export type TMediaFileFormInput = z.input<typeof ZMediaFileForm>;
export type TMediaFileFormValues = z.output<typeof ZMediaFileForm>;

/** The file's part of a refused save: its field error, or the 413/415 answer about the upload. */
export function fileErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.fieldErrors.file;
  if (field) return field;
  return error.status === 413 || error.status === 415 ? error.message : null;
}
