import { ApiError } from '../../../lib/api-error';

/** A 404 (forum or thread deleted, or a wrong address) rather than a failed request. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
