/** The snippet of a hit: plain text around the first match, escaped, with every match in `<mark>`. */
import { escapeHtml } from '../../platform/html/text.ts';
import { matchRanges, type Range } from '../../platform/search/marks.ts';
import type { Pattern } from '../../platform/search/query.ts';

const SNIPPET_WIDTH = 160;
/** How much text the snippet shows before the first match. */
const LEAD = 50;

/** The window of about `width` characters that shows the first match, cut at spaces. */
function window(text: string, first: number, width: number): Range {
  if (text.length <= width) return [0, text.length];
  let start = Math.max(0, Math.min(first - LEAD, text.length - width));
  let end = Math.min(text.length, start + width);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < first) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start && space > first) end = space;
  }
  return [start, end];
}

/** `text` shortened around its first match, HTML-escaped, matches wrapped in `<mark>`. */
export function snippet(text: string, patterns: readonly Pattern[], width = SNIPPET_WIDTH): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  const ranges = matchRanges(plain, patterns);
  const [start, end] = window(plain, ranges[0]?.[0] ?? 0, width);
  let result = start > 0 ? '…' : '';
  let at = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const markFrom = Math.max(from, start);
    const markTo = Math.min(to, end);
    result += `${escapeHtml(plain.slice(at, markFrom))}<mark>${escapeHtml(plain.slice(markFrom, markTo))}</mark>`;
    at = markTo;
  }
  result += escapeHtml(plain.slice(at, end));
  return end < plain.length ? `${result}…` : result;
}
