import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from '../../lib/api-error';

export interface FieldErrorTarget<F extends FieldValues> {
  /**
   * The multipart field the form is sent in (`blog`, `event`, …): the prefix of the server's field paths;
   * `''` for a JSON body, whose field paths have none.
   */
  entity: string;
  /** The form's fields that can show a server message; a deeper path (`tags.0`) counts for its field. */
  fields: readonly FieldPath<F>[];
  setError: UseFormSetError<F>;
  /** Sees the error too, for fields outside react-hook-form (files). */
  onError?: (error: unknown) => void;
}

export type SaveOutcome<R> = { ok: true; value: R } | { ok: false };

/**
 * Runs a form's save. When the server refuses, its German field messages appear beside their fields and
 * the form stays open; the red banner comes from the API client for every failed call.
 */
export async function saveWithFieldErrors<F extends FieldValues, R>(
  save: () => Promise<R>,
  target: FieldErrorTarget<F>,
): Promise<SaveOutcome<R>> {
  try {
    return { ok: true, value: await save() };
  } catch (error) {
    for (const [path, message] of fieldErrorsOf(error, target.entity)) {
      const name = target.fields.find((field) => path === field || path.startsWith(`${field}.`));
      if (name) target.setError(name, { message });
    }
    target.onError?.(error);
    return { ok: false };
  }
}
