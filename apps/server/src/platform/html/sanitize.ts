import { isRelativeUrl, isSafeRelativeUrl, withWebScheme } from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../http/errors.ts';

/**
 * Drops a relative address that does not stay where it points (contract `links.ts`): a member's
 * `<a href="/%2e%2e/api/blog/sendAsBreakingNews/3.">` would otherwise reach the API with the reader's token
 * once the web app has put `/mediaLibrary/` in front and the browser has resolved the dot segments. The
 * element stays, without the attribute: the link text reads as plain text.
 */
function withoutUnsafeAddress(
  attribs: sanitizeHtml.Attributes,
  name: 'href' | 'src',
): sanitizeHtml.Attributes {
  const value = attribs[name]?.trim();
  if (value === undefined || !isRelativeUrl(value) || isSafeRelativeUrl(value)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * The allowlist for rich text from the editor (blog, content, events, forums). Stored HTML is always safe
 * to render: no scripts, no event handlers, no styles, links only to http(s), mailto, tel or relative paths
 * that stay where they point.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const opensNewTab = attribs.target === '_blank';
      return {
        tagName,
        attribs: {
          // `www.verband.example` is a web address, not a relative path (decision 0127)
          ...withoutUnsafeAddress(
            attribs.href === undefined ? attribs : { ...attribs, href: withWebScheme(attribs.href.trim()) },
            'href',
          ),
          ...(opensNewTab ? { rel: 'noopener noreferrer' } : {}),
        },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: withoutUnsafeAddress(attribs, 'src') }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when the HTML holds no visible text (an empty editor yields `<p></p>`). */
export function isBlankRichText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).trim() === '';
}

/** Rich text that must show something: sanitised first, then 400 naming `field` when nothing visible is left. */
export function requiredRichText(html: string, field: string, message: string): string {
  const clean = sanitizeRichText(html);
  if (isBlankRichText(clean)) throw badRequest(message, { [field]: message });
  return clean;
}

/** Rich text that may be left empty: `empty` when the editor holds no visible text, else the sanitised text. */
export function optionalRichText<E>(html: string | null | undefined, empty: E): string | E {
  return html && !isBlankRichText(html) ? sanitizeRichText(html) : empty;
}
