/**
 * Upload progress of a form post with files (issue 14): `fetch` cannot report the bytes sent, so such a
 * post goes through XMLHttpRequest and answers a `Response` like `fetch`, for the API client's shared
 * handling of status, errors and body.
 */
export type UploadProgress =
  /** Bytes of the request body sent so far. */
  | { phase: 'upload'; loaded: number; total: number }
  /** Every byte is sent; the server still checks and imports. */
  | { phase: 'processing' };

export type ProgressListener = (progress: UploadProgress) => void;

interface UploadInit {
  method: string;
  headers: Headers;
  body: FormData;
  signal?: AbortSignal;
}

export type UploadTransport = (
  url: string,
  init: UploadInit,
  onProgress: ProgressListener,
) => Promise<Response>;

/** Statuses whose response must not carry a body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The whole percentage of `loaded` in `total`, 0 to 100; 0 while the total is unknown. */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** Headers from `getAllResponseHeaders()`: CRLF-separated `name: value` lines. */
export function parseResponseHeaders(text: string): Headers {
  const headers = new Headers();
  for (const line of text.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses is of no use to the client.
    }
  }
  return headers;
}

/** A transport on XMLHttpRequest; `create` is replaceable for tests. */
export function createXhrUpload(create: () => XMLHttpRequest = () => new XMLHttpRequest()): UploadTransport {
  return (url, init, onProgress) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = create();
      const abort = () => xhr.abort();
      const settle = () => init.signal?.removeEventListener('abort', abort);
      if (init.signal?.aborted) {
        reject(new DOMException('The upload was aborted.', 'AbortError'));
        return;
      }
      init.signal?.addEventListener('abort', abort);
      xhr.open(init.method, url);
      xhr.responseType = 'text';
      for (const [name, value] of init.headers) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ phase: 'upload', loaded: event.loaded, total: event.total });
      };
      // All bytes are with the server; what follows is its checking and importing.
      xhr.upload.onload = () => onProgress({ phase: 'processing' });
      xhr.onload = () => {
        settle();
        const status = xhr.status;
        const body = NULL_BODY_STATUSES.has(status) ? null : String(xhr.response ?? '');
        try {
          resolve(new Response(body, { status, headers: parseResponseHeaders(xhr.getAllResponseHeaders()) }));
        } catch (error) {
          reject(error);
        }
      };
      // Like fetch: a network failure is a TypeError, an abort an AbortError.
      xhr.onerror = () => {
        settle();
        reject(new TypeError('Network request failed'));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        settle();
        reject(new DOMException('The upload was aborted.', 'AbortError'));
      };
      xhr.send(init.body);
    });
}
