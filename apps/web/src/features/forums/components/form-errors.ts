import { ApiError } from '../../../lib/api-error';

/** The attachments' part of a refused post: 415 wrong type, 413 too large, or too many files (400). */
export function attachmentErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const field = Object.entries(error.fieldErrors).find(([name]) => name.startsWith('forumPostMedia'));
  if (field) return field[1];
  return error.status === 413 || error.status === 415 ? error.message : null;
}
