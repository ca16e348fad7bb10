/**
 * The addresses of the app's screens that leave the app (mails, calendar files, 'Link kopieren') or are built
 * on the server (search hits), and the one function that makes them absolute (issue 31 point 1).
 *
 * In production members sign in only through the association's website, which shows the portal in a frame.
 * A link to the portal's own address ends there on 'Bitte melden Sie sich über die Website des Verbands an'
 * with the target lost. With the host page's address configured (`HOST_PAGE_URL`), a link opens the host page
 * with the deep link instead (`https://verband.de/portal?portal=/blog/4`); embed.js passes it to the app as
 * the address after the login (decision 0100).
 */
import { NOTIFICATION_SETTINGS_PATH } from './notifications.ts';

/** The host page's query parameter that carries the portal's deep link (read by embed.js). */
export const HOST_DEEP_LINK_PARAM = 'portal';

/** SPEC §2 routes that links point at. */
export const APP_PATHS = {
  dashboard: '/dashboard',
  post: (id: number) => `/blog/${id}`,
  event: (id: number) => `/event/${id}`,
  /**
   * A content page opened at one item; with `row` (0-based data row) its table opens at that row,
   * highlighted (a search hit on a table row, issue 31).
   */
  contentItem: (categoryId: number, itemId: number, row?: number) =>
    `/content/${categoryId}?item=${itemId}${row === undefined ? '' : `&row=${row}`}`,
  /**
   * A thread; with `post` the page that holds it (when not the first) and the post to bring into view. Without
   * it the thread opens at the member's first unread post (issue 17).
   */
  thread: (forumId: number, threadId: number, post?: { id: number; page: number }) =>
    `/forum/${forumId}/thread/${threadId}${
      post === undefined ? '' : post.page > 1 ? `?page=${post.page}&post=${post.id}` : `?post=${post.id}`
    }`,
  notificationSettings: NOTIFICATION_SETTINGS_PATH,
} as const;

/** Where the app lives: its own address, and the host page that frames it when one is configured. */
export interface TAppAddresses {
  /** `PUBLIC_URL`, or the web app's own origin */
  publicUrl: string;
  /** `HOST_PAGE_URL`: the page of the association's website that shows the portal */
  hostPageUrl: string | null;
}

/**
 * The deep link's value as it stands in the host page's query: encoded as a query value, but with its
 * slashes kept, so that it reads `?portal=/forum/3/thread/12` (slashes are allowed there, RFC 3986 §3.4).
 */
function deepLinkValue(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/** A query parameter's name as a server reads it (`+` a blank, escapes decoded). */
function parameterName(part: string): string {
  const name = (part.split('=', 1)[0] ?? '').replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * The host page's address that opens `path` in the portal: its other query parameters and its fragment kept,
 * `portal` set, or removed for the dashboard, where every login ends anyway. (Written without `URL`: the
 * contract is typed for neither the browser nor Node.)
 */
export function hostPageLink(hostPageUrl: string, path: string): string {
  const hashAt = hostPageUrl.indexOf('#');
  const hash = hashAt < 0 ? '' : hostPageUrl.slice(hashAt);
  const withoutHash = hashAt < 0 ? hostPageUrl : hostPageUrl.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const page = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const kept = (queryAt < 0 ? '' : withoutHash.slice(queryAt + 1))
    .split('&')
    .filter((part) => part !== '' && parameterName(part) !== HOST_DEEP_LINK_PARAM);
  if (path !== APP_PATHS.dashboard && path !== '/') {
    kept.push(`${HOST_DEEP_LINK_PARAM}=${deepLinkValue(path)}`);
  }
  return `${page}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}

/** The absolute link to an app path (`/blog/4`) that the portal hands out: on the host page when configured. */
export function appLink(path: string, addresses: TAppAddresses): string {
  if (addresses.hostPageUrl) return hostPageLink(addresses.hostPageUrl, path);
  return `${addresses.publicUrl.replace(/\/+$/, '')}${path}`;
}
