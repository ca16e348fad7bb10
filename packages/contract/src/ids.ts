import { z } from 'zod';

/** Ids are PostgreSQL `integer`s; a larger number names no row, and PostgreSQL would fail on it. */
export const ID_MAX = 2_147_483_647;

export const ID_MESSAGES = {
  invalid: 'Die ID muss eine positive ganze Zahl sein.',
} as const;

/**
 * A whole number from a path, query, form field or JSON body: a JSON integer, or text of digits only.
 * `z.coerce.number()` read `3.`, ` 3`, `03e0`, `1e3`, `0x3`, `true` and `[3]` as numbers, so the end of a
 * link a browser had normalised (`/api/blog/sendAsBreakingNews/3.`) reached its handler as post 3.
 */
export function zWholeNumber({ min, max, message }: { min: number; max: number; message: string }) {
  return z
    .union([z.number(), z.string().regex(/^[0-9]{1,16}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** An id (1 … ID_MAX); `message` names what is missing where a form shows it beside a field. */
export function zId(message: string = ID_MESSAGES.invalid) {
  return zWholeNumber({ min: 1, max: ID_MAX, message });
}

/** Every numeric id, in paths, queries and bodies. */
export const ZId = zId();

/** Path parameters `{ id }` of the routes that address one record. */
export const ZIdParams = z.object({ id: ZId });
