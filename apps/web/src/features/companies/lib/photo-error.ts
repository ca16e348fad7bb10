import { ApiError } from '../../../lib/api-error';

/**
 * The German message to show at the photo field for a failed upload: the server's word on the `photo` field,
 * else its message (415 no PNG/JPEG, 413 too large, …); a network failure keeps the API client's message.
 */
export function photoErrorOf(failure: unknown, fallback: string): string {
  if (!(failure instanceof ApiError)) return fallback;
  return failure.fieldErrors.photo ?? failure.message;
}
