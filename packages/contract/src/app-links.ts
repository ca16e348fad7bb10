/**
 * The one module of the app's addresses (issue 32): the path of every screen, on both sides, and the
 * functions that make them absolute for what leaves the app (mails, calendar files, 'Link kopieren').
 *
 * In production members sign in only through the association's website, which shows the portal in a frame.
 * A link to the portal's own address ends there on 'Bitte melden Sie sich über die Website des Verbands an'
 * with the target lost. With the host page's address configured (`HOST_PAGE_URL`), a link opens the host page
 * with the deep link instead (`https://verband.de/portal?portal=/blog/4`); embed.js passes it to the app as
 * the address after the login (decision 0100).
 */

/** The host page's query parameter that carries the portal's deep link (read by embed.js). */
export const HOST_DEEP_LINK_PARAM = 'portal';

/**
 * Where a thread opens: a page (`last`: the last one) and the post to bring into view. Without either it
 * opens at the member's first unread post (issue 17); a post without a page is on page 1.
 */
export interface TThreadAt {
  page?: number | 'last';
  post?: number;
}

function threadQuery({ page, post }: TThreadAt): string {
  const showPage = page !== undefined && !(page === 1 && post !== undefined);
  const parts = [...(showPage ? [`page=${page}`] : []), ...(post === undefined ? [] : [`post=${post}`])];
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/**
 * The address of every screen of SPEC §2, built here only: by the server's mails, calendar files and search
 * hits and by the web app's links (whose route table declares the same paths as patterns). The state of a
 * list screen (blog filters, search words) is the web app's and is appended there.
 */
export const APP_PATHS = {
  login: '/login',
  /** the one-time login link's target; the token is base64url and needs no escaping */
  loginWithToken: (token: string) => `/login?token=${token}`,
  dashboard: '/dashboard',
  blog: '/blog',
  /** a post; from the FMK-Intern list it keeps `ceo=true`, so that breadcrumbs lead back there */
  /** a post, opened from the 'FMK-Intern' (`ceo`) or the 'Rundschreiben' list: its breadcrumb leads back there */
  post: (id: number, list?: { ceo: boolean; rundschreiben?: boolean }) =>
    `/blog/${id}${list?.ceo ? '?ceo=true' : list?.rundschreiben ? '?rundschreiben=true' : ''}`,
  content: (categoryId: number) => `/content/${categoryId}`,
  /**
   * A content page opened at one item; with `row` (0-based data row) its table opens at that row,
   * highlighted (a search hit on a table row, issue 31).
   */
  contentItem: (categoryId: number, itemId: number, row?: number) =>
    `/content/${categoryId}?item=${itemId}${row === undefined ? '' : `&row=${row}`}`,
  events: '/event',
  event: (id: number) => `/event/${id}`,
  forums: '/forum',
  forum: (forumId: number) => `/forum/${forumId}`,
  thread: (forumId: number, threadId: number, at: TThreadAt = {}) =>
    `/forum/${forumId}/thread/${threadId}${threadQuery(at)}`,
  media: '/media',
  mediaCategory: (categoryId: number) => `/media/${categoryId}`,
  /** a media category's page with one of its files named (a search hit) */
  mediaFile: (categoryId: number, fileId: number) => `/media/${categoryId}?file=${fileId}`,
  serviceOfferings: '/dienstleistungsangebote',
  search: '/search',
  /** 'Benachrichtigungen', which every notification mail links */
  notificationSettings: '/benachrichtigungen',
  /** the administration of members, groups and the audit log (issue 18) */
  adminMembers: '/admin/members',
  adminGroups: '/admin/groups',
  adminAudit: '/admin/audit',
  /** the search's synonyms (issue 33) */
  adminSynonyms: '/admin/synonyms',
  /** the administration of member companies (issue 36): list, one company, review, import, specialties */
  adminCompanies: '/admin/companies',
  adminCompany: (id: number) => `/admin/companies/${id}`,
  adminCompanyReview: '/admin/companies/review',
  adminCompanyImport: '/admin/companies/import',
  adminSpecialties: '/admin/companies/specialties',
  /** a person's page (issue 36 point 6): name, photo, company, function; linked from their posts */
  person: (id: number) => `/personen/${id}`,
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

/**
 * The absolute address of a path on the portal's own origin (`PUBLIC_URL`): for what is no app page or must not
 * pass the host page (login links, unsubscribe, calendar feeds, media files), and app links without a host page.
 */
export function portalAddress(path: string, publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/** The absolute link to an app path (`/blog/4`) that the portal hands out: on the host page when configured. */
export function appLink(path: string, addresses: TAppAddresses): string {
  if (addresses.hostPageUrl) return hostPageLink(addresses.hostPageUrl, path);
  return portalAddress(path, addresses.publicUrl);
}
