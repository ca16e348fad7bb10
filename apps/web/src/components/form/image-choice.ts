import { fileTypeAmong, PICTURE_TYPES } from '@portal/contract';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { fileSizeError, uploadLimitMb } from './file-checks';

/** The picture field of a form: a newly chosen file, or the wish to remove the current picture. */
export interface ImageChoice {
  /** A newly chosen picture; replaces the current one. */
  file: File | null;
  /** Remove the current picture (only without a new file). */
  remove: boolean;
}

/** PNG or JPEG. Some systems give no type; then the name decides (the server checks the content). */
export function isAllowedImage(file: Pick<File, 'type' | 'name'>): boolean {
  return fileTypeAmong(file, PICTURE_TYPES) !== null;
}

/** Why a chosen picture cannot be taken (no PNG or JPEG, over the size limit), else null. */
export function imageChoiceError(
  file: Pick<File, 'type' | 'name' | 'size'>,
  typeMessage: string,
  limitMb: number = uploadLimitMb(),
): string | null {
  return isAllowedImage(file) ? fileSizeError(file, limitMb) : typeMessage;
}

/** The form value for the picture: `image: null` asks the server to remove the current one. */
export function withImageChoice<T extends object>(values: T, image: ImageChoice): T & { image?: null } {
  return image.remove && !image.file ? { ...values, image: null } : values;
}

/**
 * The state of a form's picture field: the choice and its message, set at once when the chosen file is no
 * PNG or JPEG or too large, or when the server refuses the picture.
 */
export function useImageChoice(typeMessage: string) {
  const [choice, setChoice] = useState<ImageChoice>({ file: null, remove: false });
  const [error, setError] = useState<string | null>(null);
  return {
    choice,
    error,
    choose(next: ImageChoice) {
      setChoice(next);
      setError(next.file ? imageChoiceError(next.file, typeMessage) : null);
    },
    /** False (and the message shown) when the chosen file is no PNG or JPEG or too large. */
    check(): boolean {
      const message = choice.file ? imageChoiceError(choice.file, typeMessage) : null;
      if (message) setError(message);
      return message === null;
    },
    /** Shows a refusal of the picture by the server (415, or a message for the `image` field). */
    showServerError(failure: unknown) {
      if (failure instanceof ApiError && (failure.status === 415 || failure.fieldErrors.image)) {
        setError(failure.fieldErrors.image ?? failure.message);
      }
    },
  };
}
