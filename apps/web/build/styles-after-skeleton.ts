/**
 * Vite plugin of the web build (issue 31 point 5, decision 0124): the stylesheets Vite links in the head move
 * to `<!--portal-styles-->` behind the skeleton in the body. A stylesheet in the head holds up the first paint
 * until it has arrived (on 40 KB/s about 2 s); in the body it holds up only what follows it, so the skeleton
 * above it shows at once. The app's script still runs only after the stylesheets have arrived (a module
 * script waits for the style sheets before it), so the app never shows unstyled.
 */
import type { Plugin } from 'vite';

export const STYLES_MARKER = '<!--portal-styles-->';

const STYLESHEET = /[ \t]*<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>\n?/gi;

/** `html` with the head's stylesheet links moved to the marker; unchanged without a marker. */
export function moveStylesheets(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (!html.includes(STYLES_MARKER) || headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const links = head.match(STYLESHEET) ?? [];
  const trimmed = links.map((link) => link.trim());
  return head.replace(STYLESHEET, '') + html.slice(headEnd).replace(STYLES_MARKER, trimmed.join('\n    '));
}

export function stylesAfterSkeleton(): Plugin {
  return {
    name: 'portal-styles-after-skeleton',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: moveStylesheets },
  };
}
