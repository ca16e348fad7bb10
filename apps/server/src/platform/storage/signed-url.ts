import { createHmac, timingSafeEqual } from 'node:crypto';
import { API } from '@portal/contract';

/**
 * Private uploads (blog and event images, forum attachments) are served to logged-in members through
 * expiring, signed URLs, so that `<img src>` works without an Authorization header (ARCHITECTURE §4).
 */
export interface UrlSigner {
  /**
   * `/api/files/<key>?expires=…&signature=…`, valid for `ttlSeconds` (at most SIGNED_URL_MAX_SECONDS); with
   * `name`, also `&name=…`, the name the file is offered under, signed with the rest.
   */
  sign(key: string, options?: { ttlSeconds?: number; name?: string }): string;
  verify(key: string, expires: number, signature: string, name?: string): boolean;
}

/**
 * A signed URL is a bearer credential: whoever holds it (a forwarded link, the browser history, a proxy's log)
 * reads the file without logging in, so it lives an hour at most. The web app fetches lists again long before.
 */
export const SIGNED_URL_MAX_SECONDS = 60 * 60;
/** Expiries are rounded down to this step, so a page shows the same URLs for a while and the browser cache works. */
const STEP_SECONDS = 10 * 60;

export function createUrlSigner(secret: string, now: () => number = Date.now): UrlSigner {
  const mac = (key: string, expires: number, name: string | undefined) =>
    createHmac('sha256', `files:${secret}`)
      .update(name === undefined ? `${key}\n${expires}` : `${key}\n${expires}\n${name}`)
      .digest('base64url');
  return {
    sign(key, { ttlSeconds = SIGNED_URL_MAX_SECONDS, name } = {}) {
      const nowSeconds = now() / 1000;
      const ttl = Math.min(Math.max(Math.floor(ttlSeconds), 1), SIGNED_URL_MAX_SECONDS);
      const rounded = Math.floor((nowSeconds + ttl) / STEP_SECONDS) * STEP_SECONDS;
      // A short lifetime can round down to a moment already past: then it is not rounded.
      const expires = rounded > nowSeconds ? rounded : Math.floor(nowSeconds + ttl);
      const named = name === undefined ? '' : `&name=${encodeURIComponent(name)}`;
      return `${API.filesPrefix}${key}?expires=${expires}${named}&signature=${mac(key, expires, name)}`;
    },
    verify(key, expires, signature, name) {
      if (!Number.isSafeInteger(expires) || expires * 1000 < now()) return false;
      // URLs that an older version signed for longer count only from an hour before their end.
      if (expires * 1000 - now() > SIGNED_URL_MAX_SECONDS * 1000) return false;
      const expected = Buffer.from(mac(key, expires, name));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
