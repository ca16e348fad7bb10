/**
 * Which relative links may stay links: in member-written rich text (sanitised on the server, followed by the
 * web app), in table cells and as category urls.
 *
 * The web app downloads a relative link with a dot in its last segment through `/mediaLibrary/{path}` with
 * the reader's token. A browser resolves `.` and `..` segments, also written `%2e` or `.%2E`, and reads `\`
 * as `/`, but only after the app has put the prefix in front: `/%2e%2e/api/blog/sendAsBreakingNews/3.`
 * became an API call with an admin's token (issue 12). So, on both sides, one rule:
 *
 * A relative link is kept only when it holds no backslash and no control character, does not start with
 * `//`, and every segment of its path, percent-decoded until nothing changes (`%252e` is a `.` too), is a
 * plain name: not `.` or `..`, without `/`, `\` or control characters. Such a path cannot leave the folder
 * it is put under, however a browser or server normalises it.
 *
 * Nor is a link kept that leads to the login route (issue 30): a member's `<a href="/login?token=…">` with the
 * one-time link of an account they control signed in whoever clicked it as that account.
 */

export const LINK_MESSAGES = {
  /** The web app refuses to send a request whose address a browser would resolve elsewhere. */
  invalidAddress: 'Diese Adresse kann nicht aufgerufen werden.',
} as const;

/** Decoding rounds after which a text still encoded counts as deliberately obscured. */
const DECODE_ROUNDS = 8;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Decodes every valid escape of a decoded text; a `%` that starts none stays, as servers leave it. */
function decodeEscapes(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      // Not UTF-8 as a whole: its ASCII escapes (`%2e`, `%2f`, `%5c` …) still count.
      return run.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  });
}

/**
 * Decodes percent-encoding until nothing changes (`%252e` → `%2e` → `.`). Null when the text itself is
 * malformed (`%zz`), or still changes after several rounds.
 */
export function decodeFully(text: string): string | null {
  let current: string;
  try {
    current = decodeURIComponent(text);
  } catch {
    return null;
  }
  for (let round = 1; round < DECODE_ROUNDS; round += 1) {
    const next = decodeEscapes(current);
    if (next === current) return current;
    current = next;
  }
  return null;
}

function isPlainName(segment: string): boolean {
  const name = decodeFully(segment);
  return name !== null && name !== '.' && name !== '..' && !/[/\\]/.test(name) && !CONTROL.test(name);
}

/** The part of a link before its query or fragment. */
function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? '';
}

/** Tabs and line breaks, which a browser removes from an address wherever they are. */
const ADDRESS_BREAKS = /[\t\n\r]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const BLANKS = /[\s\u0000-\u001f\u007f]/g;

/**
 * The segments of a path as the browser and the web app's router read it: percent-encoding decoded (until
 * nothing changes, more than the router does), `\` as `/`, `.` and `..` resolved, empty segments (repeated
 * and trailing slashes) dropped, blanks removed. Reading more into a path than they do errs on the safe side.
 */
function routeSegments(url: string): string[] {
  const segments: string[] = [];
  for (const raw of pathOf(url.replace(ADDRESS_BREAKS, '').trim()).split(/[/\\]/)) {
    for (const part of (decodeFully(raw) ?? raw).split(/[/\\]/)) {
      const name = part.replace(BLANKS, '');
      if (name === '..') segments.pop();
      else if (name !== '' && name !== '.') segments.push(name);
    }
  }
  return segments;
}

/**
 * True when the app's router would open the login route (SPEC §2 `/login`) or a path below it for this
 * address: it ignores case, repeated and trailing slashes and decodes percent-encoding, the browser resolves
 * dot segments. `/Login`, `/./login`, `/%6Cogin`, `/login/`, `//login`, `/foo/../login` and `login` all are.
 */
export function isLoginPath(url: string): boolean {
  return routeSegments(url)[0]?.toLowerCase() === 'login';
}

/** True for a link without a scheme (`Dokumente/a.pdf`, `/content/4`), the kind a browser resolves against our origin. */
export function isRelativeUrl(url: string): boolean {
  return !SCHEME.test(url);
}

/** The rule above: a relative link that stays where it points, and not to the login route. */
export function isSafeRelativeUrl(url: string): boolean {
  if (!isRelativeUrl(url) || url.includes('\\') || CONTROL.test(url) || url.startsWith('//')) return false;
  const plain = pathOf(url)
    .split('/')
    .filter((segment) => segment !== '')
    .every(isPlainName);
  return plain && !isLoginPath(url);
}

/**
 * The file names of a relative link to a media file (a dot in its last segment), decoded and without a
 * leading `mediaLibrary` (`/mediaLibrary/Dokumente/a.pdf` and `Dokumente/a.pdf` name the same file); null
 * for any other link.
 */
export function mediaLinkNames(url: string): string[] | null {
  if (!isSafeRelativeUrl(url)) return null;
  const names = pathOf(url)
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decodeFully(segment) ?? segment);
  const inLibrary = names[0] === 'mediaLibrary' ? names.slice(1) : names;
  const last = inLibrary.at(-1);
  return last?.includes('.') ? inLibrary : null;
}

/** A path inside the portal ('/dienstleistungsangebote', '/blog?ceo=true'): one leading `/`, no blanks, safe. */
export function isInternalPath(url: string): boolean {
  return /^\/[^\s]*$/.test(url) && isSafeRelativeUrl(url);
}

/**
 * A link target: an absolute http(s) address or a path inside the portal ('/dienstleistungsangebote'). A path
 * a browser reads as another host (`/\\host`) or resolves elsewhere (`/%2e%2e/api/…`) is neither.
 */
export function isAllowedUrl(url: string): boolean {
  return /^https?:\/\/[^\s/?#\\]+[^\s]*$/i.test(url) || isInternalPath(url);
}

/** `www.` and a host name: how members write a web address (issue 31). */
const WEB_ADDRESS = /^www\.[^\s/?#\\.][^\s/?#\\]*(?:[/?#][^\s\\]*)?$/i;

/**
 * A web address as members type it, `www.verband.example/seite`, is the https:// address (decision 0127):
 * wherever the portal takes an address (event link, category url, links in rich text and table cells) it is
 * read so before the link rule above judges it. Anything else stays as it is.
 */
export function withWebScheme(url: string): string {
  return WEB_ADDRESS.test(url) ? `https://${url}` : url;
}
