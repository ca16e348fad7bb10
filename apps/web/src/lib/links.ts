import { isSafeRelativeUrl, MEDIA_API, mediaLinkNames } from '@portal/contract';

/**
 * Where a link in stored content leads (SPEC §7 "GET /mediaLibrary/{path}: file download, used for relative
 * links with a dot in the content"): http(s) opens in a new tab, a relative path with a dot in its last
 * segment downloads through the authenticated API, any other path navigates inside the app. Anything else
 * (javascript:, data:, //host) is no link at all.
 */
export type LinkTarget =
  | { kind: 'external'; href: string; newTab: boolean }
  | { kind: 'internal'; to: string }
  | { kind: 'download'; path: string; fileName: string }
  | { kind: 'none' };

const HTTP = /^https?:\/\//i;
const MAIL_OR_PHONE = /^(mailto|tel):/i;

/**
 * Decides on the decoded link (contract `links.ts`): a relative link whose path, percent-decoded until nothing
 * changes, has a `.` or `..` segment, a backslash or an encoded `/` is no link, since the browser would resolve
 * it only after `/mediaLibrary/` is put in front. The download path is built again from the decoded names,
 * each encoded once, so the request goes to exactly the file the link names.
 */
export function classifyLink(raw: string | null | undefined): LinkTarget {
  const url = raw?.trim() ?? '';
  if (url === '') return { kind: 'none' };
  if (HTTP.test(url)) return { kind: 'external', href: url, newTab: true };
  if (MAIL_OR_PHONE.test(url)) return { kind: 'external', href: url, newTab: false };
  if (!isSafeRelativeUrl(url)) return { kind: 'none' };

  const names = mediaLinkNames(url);
  if (names === null) return { kind: 'internal', to: url.startsWith('/') ? url : `/${url}` };
  return { kind: 'download', path: MEDIA_API.library(names.join('/')), fileName: names.at(-1) ?? '' };
}
