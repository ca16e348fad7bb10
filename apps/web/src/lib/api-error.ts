import { MESSAGES } from '@portal/contract';

/** A failed API call. `message` is what the user sees: the response's `detail`, else a German fallback. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(message: string, status: number | null, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/**
 * For a call whose 401 means "refused" rather than failed: null for a 401, the error itself otherwise. The
 * token refresh uses it, since only the server's refusal ends a session (issue 30).
 */
export function refusedAsNull(error: unknown): null {
  if (error instanceof ApiError && error.status === 401) return null;
  throw error;
}

/** German message for an error response without a `detail` field. */
export function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return MESSAGES.badRequest;
    case 401:
      return MESSAGES.unauthorized;
    case 403:
      return MESSAGES.forbidden;
    case 404:
      return MESSAGES.notFound;
    case 413:
      return MESSAGES.tooLarge;
    case 415:
      return MESSAGES.unsupportedMediaType;
    case 429:
      return MESSAGES.tooManyRequests;
    case 503:
      return MESSAGES.unavailable;
    case 507:
      return MESSAGES.diskFull;
    default:
      return MESSAGES.internal;
  }
}

/** Reads `{ detail, errors }` from an error body; tolerates any other body. */
export async function readErrorBody(
  response: Response,
): Promise<{ detail: string | null; errors: Record<string, string> }> {
  try {
    const body: unknown = await response.json();
    if (!isRecord(body)) return { detail: null, errors: {} };
    const detail = typeof body.detail === 'string' && body.detail.trim() !== '' ? body.detail : null;
    const errors: Record<string, string> = {};
    if (isRecord(body.errors)) {
      for (const [field, message] of Object.entries(body.errors)) {
        if (typeof message === 'string') errors[field] = message;
      }
    }
    return { detail, errors };
  } catch {
    return { detail: null, errors: {} };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Field messages of a failed form save, without the form field's prefix: `contentCategory.name` → `name`.
 * Lets a form show the server's German message beside the field it belongs to. A JSON body's fields have
 * no prefix: `''` returns every message as it is.
 */
export function fieldErrorsOf(error: unknown, prefix: string): [string, string][] {
  if (!(error instanceof ApiError)) return [];
  const start = prefix === '' ? '' : `${prefix}.`;
  return Object.entries(error.fieldErrors).flatMap(([field, message]): [string, string][] =>
    field.startsWith(start) ? [[field.slice(start.length), message]] : [],
  );
}
