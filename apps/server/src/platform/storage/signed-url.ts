import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Private uploads (blog and event images, forum attachments) are served to logged-in members through
 * expiring, signed URLs, so that `<img src>` works without an Authorization header (ARCHITECTURE §4).
 */
export interface UrlSigner {
  /** `/api/files/<key>?expires=…&signature=…`, valid for `ttlSeconds`. */
  sign(key: string, ttlSeconds?: number): string;
  verify(key: string, expires: number, signature: string): boolean;
}

export const FILES_PATH = '/api/files/';
const DEFAULT_TTL_SECONDS = 6 * 60 * 60;

export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', `files:${secret}`).update(`${key}\n${expires}`).digest('base64url');
  return {
    sign(key, ttlSeconds = DEFAULT_TTL_SECONDS) {
      // Rounded up to the hour: a page shows the same URLs for a while, so the browser cache keeps working.
      const expires = Math.ceil((now() / 1000 + ttlSeconds) / 3600) * 3600;
      return `${FILES_PATH}${key}?expires=${expires}&signature=${mac(key, expires)}`;
    },
    verify(key, expires, signature) {
      if (!Number.isSafeInteger(expires) || expires * 1000 < now()) return false;
      const expected = Buffer.from(mac(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
