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

export const MEDIA_LIBRARY_PREFIX = '/mediaLibrary/';

const HTTP = /^https?:\/\//i;
const MAIL_OR_PHONE = /^(mailto|tel):/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function classifyLink(raw: string | null | undefined): LinkTarget {
  const url = raw?.trim() ?? '';
  if (url === '') return { kind: 'none' };
  if (HTTP.test(url)) return { kind: 'external', href: url, newTab: true };
  if (MAIL_OR_PHONE.test(url)) return { kind: 'external', href: url, newTab: false };
  if (SCHEME.test(url) || url.startsWith('//') || url.includes('\\')) return { kind: 'none' };

  const pathOnly = url.split(/[?#]/, 1)[0] ?? '';
  const segments = pathOnly.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { kind: 'none' };
  const last = segments.at(-1) ?? '';
  if (!last.includes('.')) return { kind: 'internal', to: url.startsWith('/') ? url : `/${url}` };

  const inLibrary = segments[0] === MEDIA_LIBRARY_PREFIX.slice(1, -1) ? segments.slice(1) : segments;
  if (inLibrary.length === 0) return { kind: 'none' };
  return {
    kind: 'download',
    path: `${MEDIA_LIBRARY_PREFIX}${inLibrary.join('/')}`,
    fileName: safeDecode(inLibrary.at(-1) ?? last),
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
