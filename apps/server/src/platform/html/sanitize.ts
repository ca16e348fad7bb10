import {
  isRelativeUrl,
  isSafeRelativeUrl,
  MENTION_ATTRIBUTE,
  QUOTE_ATTRIBUTE,
  RICH_TEXT_MAX_DEPTH,
  withWebScheme,
} from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import { textOfSanitized } from './text.ts';

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

/** The largest id a PostgreSQL integer column holds. */
const ID_MAX = 2_147_483_647;

/**
 * Keeps `name` only when it holds an id (digits, no leading zero, at most ID_MAX): a quote's post
 * (`data-quote`) or a mentioned member (`data-mention`, issue 37), which the server and the web app read back.
 */
function withIdOnly(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined || (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= ID_MAX)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * The allowlist for rich text from the editor (blog, content, events, forums). Stored HTML is always safe
 * to render: no scripts, no event handlers, no styles, links only to http(s), mailto, tel or relative paths
 * that stay where they point. Two data attributes carry ids (issue 37): `data-quote` on a quote's
 * `<blockquote>` and `data-mention` on a mention's link.
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
    a: ['href', 'target', 'rel', 'title', MENTION_ATTRIBUTE],
    blockquote: [QUOTE_ATTRIBUTE],
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
            withIdOnly(
              attribs.href === undefined ? attribs : { ...attribs, href: withWebScheme(attribs.href.trim()) },
              MENTION_ATTRIBUTE,
            ),
            'href',
          ),
          ...(opensNewTab ? { rel: 'noopener noreferrer' } : {}),
        },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: withoutUnsafeAddress(attribs, 'src') }),
    blockquote: (tagName, attribs) => ({ tagName, attribs: withIdOnly(attribs, QUOTE_ATTRIBUTE) }),
  },
};

/** Thrown by sanitizeRichText for elements nested deeper than RICH_TEXT_MAX_DEPTH. */
export class RichTextTooDeep extends Error {}

/**
 * The stored form of rich text. The parser's cost grows with the nesting (`<b>` × 40,000 took seconds), so
 * the parse ends at the first element deeper than RICH_TEXT_MAX_DEPTH, before it has cost anything.
 */
export function sanitizeRichText(html: string): string {
  let depth = 0;
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: () => {
      depth += 1;
      if (depth > RICH_TEXT_MAX_DEPTH) throw new RichTextTooDeep();
    },
    onCloseTag: () => {
      depth -= 1;
    },
  });
  return clean.trim();
}

/** True when sanitised HTML holds no visible text and no picture (an empty editor yields `<p></p>`). */
export function isBlankRichText(clean: string): boolean {
  return !/<img\b/i.test(clean) && textOfSanitized(clean).trim() === '';
}
