import { isPublicApiPath, LINK_MESSAGES, MEDIA_API } from '@portal/contract';
import { de } from '../i18n/de';
import type { Activity } from './activity';
import { ApiError, messageForStatus, readErrorBody } from './api-error';
import { type FormValue, fileNameFromDisposition, hasFile, toFormData } from './form-data';
import type { ProgressListener, UploadTransport } from './upload-request';

/**
 * A schema that checks an answer: the contract's classic zod schemas and its zod/mini ones (the answers of
 * the first load, decision 0097) both have `safeParse`.
 */
interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** HTTP client of SPEC §7/§8: BEARER token, token refresh, global spinner and the red error banner. */
interface ApiRequestOptions<T = unknown> {
  /** Do not show the global spinner for this request (the token refresh uses this). */
  hideSpinner?: boolean;
  /** Do not show the error banner; the caller handles the rejection itself. */
  silent?: boolean;
  /**
   * Validates (and types) the response body; or a function that loads the schema, for the session's calls,
   * whose schemas the login screen does without (decisions 0090, 0097).
   */
  schema?: ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);
  signal?: AbortSignal;
  /** Reports the bytes sent, then the server's processing, of a form post that carries files. */
  onProgress?: ProgressListener;
  /**
   * Sends this access token instead of the session's and leaves a 401 to the caller: the token of a login
   * link's account, read before the member decides to switch to it (issue 30).
   */
  token?: string;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The current access token, refreshed first when expired; null when not logged in. */
  getToken: () => Promise<string | null>;
  /**
   * The server refused `rejected` (401): a token to repeat the call with once, or null when the session has
   * ended. Only a 401 after such a refresh attempt ends a session (issue 30).
   */
  renewToken: (rejected: string) => Promise<string | null>;
  activity: Activity;
  /** Shows a failed call's message (the red banner). */
  onError: (message: string) => void;
  /** The server refused the renewed token too (401): the session ends. */
  onUnauthorized: () => void;
  /** The origin every request goes to; default the page's. */
  origin?: string;
  /** Sends form posts whose progress is asked for; default XMLHttpRequest. */
  upload?: UploadTransport;
}

export interface Download {
  blob: Blob;
  fileName: string | null;
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: ApiRequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body: unknown, options?: ApiRequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body: unknown, options?: ApiRequestOptions<T>): Promise<T>;
  postForm<T = unknown>(
    path: string,
    form: FormData | Record<string, FormValue>,
    options?: ApiRequestOptions<T>,
  ): Promise<T>;
  /** A multipart PUT (a company's logo, issue 36). */
  putForm<T = unknown>(
    path: string,
    form: FormData | Record<string, FormValue>,
    options?: ApiRequestOptions<T>,
  ): Promise<T>;
  delete<T = unknown>(path: string, options?: ApiRequestOptions<T>): Promise<T>;
  download(path: string, options?: ApiRequestOptions): Promise<Download>;
}

interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: BodyInit;
  contentType?: string;
}

/** Paths that carry the member's token: the API and the media library's download (SPEC §7). */
const TOKEN_PREFIXES = ['/api/', MEDIA_API.libraryPrefix];

function decodedOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The address a request goes to, or null unless it is a root-relative path that stays on our origin exactly
 * as written. A browser resolves dot segments (also `%2e`) and backslashes before it sends, so
 * `/mediaLibrary/%2e%2e/api/blog/sendAsBreakingNews/3.` would reach an API route with the member's token.
 */
function resolveOwnPath(path: string, origin: string): URL | null {
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const written = decodedOrNull(path.split(/[?#]/, 1)[0] ?? '');
  return written !== null && written === decodedOrNull(url.pathname) ? url : null;
}

/** Outside a browser (unit tests) any origin does: the checks compare a path with its own resolution. */
function pageOrigin(): string {
  return typeof location === 'undefined' ? 'http://localhost' : location.origin;
}

/**
 * XMLHttpRequest's transport, loaded with the first post that follows its progress (a form with files):
 * the first load does without it (issue 19).
 */
const xhrUpload: UploadTransport = async (url, init, onProgress) =>
  (await import('./upload-request')).createXhrUpload()(url, init, onProgress);

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const upload = deps.upload ?? xhrUpload;

  /** fetch, or the upload transport when the caller follows the progress of a post with files. */
  function transmit(
    target: string,
    init: RequestInit & { headers: Headers },
    options: ApiRequestOptions<unknown>,
  ) {
    const { onProgress } = options;
    if (onProgress && init.body instanceof FormData && hasFile(init.body)) {
      const { method = 'POST', headers, body, signal } = init;
      return upload(target, { method, headers, body, signal: signal ?? undefined }, onProgress);
    }
    return deps.fetch(target, init);
  }

  /** One request with `token` (none when null); a failure to reach the server is told in German. */
  async function attempt(
    url: URL,
    spec: RequestSpec,
    options: ApiRequestOptions<unknown>,
    token: string | null,
  ): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json' });
    if (spec.contentType) headers.set('Content-Type', spec.contentType);
    if (token) headers.set('Authorization', `BEARER ${token}`);
    try {
      // The checked address, not the text: what is sent is what was checked. Absolute: on a page opened as
      // http://user@host/ a relative address would carry the credentials, which fetch refuses (issue 30).
      return await transmit(
        url.href,
        {
          method: spec.method,
          headers,
          body: spec.body,
          signal: options.signal,
          credentials: 'same-origin',
        },
        options,
      );
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(de.errors.network, null);
    }
  }

  async function send(spec: RequestSpec, options: ApiRequestOptions<unknown>): Promise<Response> {
    const url = resolveOwnPath(spec.path, deps.origin ?? pageOrigin());
    if (!url) throw new ApiError(LINK_MESSAGES.invalidAddress, null);
    const carriesToken =
      TOKEN_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) && !isPublicApiPath(url.pathname);
    const sessionToken = carriesToken && options.token === undefined ? await deps.getToken() : null;
    let response = await attempt(url, spec, options, carriesToken ? (options.token ?? sessionToken) : null);
    if (response.status === 401 && sessionToken) {
      const renewed = await deps.renewToken(sessionToken);
      if (renewed === null) throw await refusal(response);
      response = await attempt(url, spec, options, renewed);
      if (response.status === 401) {
        deps.onUnauthorized();
        throw await refusal(response);
      }
    }
    if (response.ok) return response;
    const { detail, errors } = await readErrorBody(response);
    throw new ApiError(detail ?? messageForStatus(response.status), response.status, errors);
  }

  async function run<T>(
    spec: RequestSpec,
    options: ApiRequestOptions<unknown>,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const end = options.hideSpinner ? () => {} : deps.activity.begin();
    try {
      const response = await send(spec, options);
      return await read(response);
    } catch (error) {
      if (isAbort(error)) throw error;
      const apiError = toApiError(error);
      if (!options.silent && !(apiError instanceof SilentApiError)) deps.onError(apiError.message);
      throw apiError;
    } finally {
      end();
    }
  }

  function json<T>(spec: RequestSpec, options: ApiRequestOptions<T> = {}): Promise<T> {
    // A schema that is loaded first loads while the request is on its way.
    const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
    // Its failure shows once the answer is read, not as an unhandled rejection before.
    if (schema instanceof Promise) schema.catch(() => undefined);
    return run(spec, options, (response) => readBody(response, schema));
  }

  return {
    get: (path, options) => json({ method: 'GET', path }, options),
    delete: (path, options) => json({ method: 'DELETE', path }, options),
    post: (path, body, options) =>
      json(
        body === undefined
          ? { method: 'POST', path }
          : { method: 'POST', path, body: JSON.stringify(body), contentType: 'application/json' },
        options,
      ),
    put: (path, body, options) =>
      json({ method: 'PUT', path, body: JSON.stringify(body), contentType: 'application/json' }, options),
    patch: (path, body, options) =>
      json({ method: 'PATCH', path, body: JSON.stringify(body), contentType: 'application/json' }, options),
    postForm: (path, form, options) =>
      json({ method: 'POST', path, body: form instanceof FormData ? form : toFormData(form) }, options),
    putForm: (path, form, options) =>
      json({ method: 'PUT', path, body: form instanceof FormData ? form : toFormData(form) }, options),
    download: (path, options = {}) =>
      run<Download>({ method: 'GET', path }, options, async (response) => ({
        blob: await response.blob(),
        fileName: fileNameFromDisposition(response.headers.get('Content-Disposition')),
      })),
  };
}

/** A 401 for a token we sent: the session handles it (logout, login page), so no red banner. */
class SilentApiError extends ApiError {}

async function refusal(response: Response): Promise<SilentApiError> {
  const { detail, errors } = await readErrorBody(response);
  return new SilentApiError(detail ?? messageForStatus(401), 401, errors);
}

async function readBody<T>(
  response: Response,
  schema: ResponseSchema<T> | Promise<ResponseSchema<T>> | undefined,
): Promise<T> {
  const text = await response.text();
  let body: unknown;
  if (text === '') body = undefined;
  else if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(de.errors.invalidResponse, response.status);
    }
  } else body = text;
  if (!schema) return body as T;
  const parsed = (await schema).safeParse(body);
  if (!parsed.success) throw new ApiError(de.errors.invalidResponse, response.status);
  return parsed.data;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error && error.message ? error.message : de.errors.unexpected;
  return new ApiError(message, null);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
