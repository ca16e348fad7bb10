import { APP_PATHS, CONVERSATION_MESSAGES, QUOTE_ATTRIBUTE } from '@portal/contract';
import { postBlocks } from './post-blocks';

/**
 * The contract's quote markup (issue 37 point 3): `<blockquote data-quote="12"><p><a href="/forum/1/thread/3?post=12">
 * Erika Muster schrieb:</a></p><p>…</p></blockquote>`. A quote carries plain text: a mention or a quote inside
 * the quoted part stays words, so quoting never mentions anyone again.
 */
export interface QuotedPost {
  postId: number;
  forumId: number;
  threadId: number;
  /** the page of the thread the post is on, so that the attribution's link opens there */
  page: number;
  author: string;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The quoted post's address: its page and the post, which the thread brings into view. */
function quotedPostPath({ forumId, threadId, page, postId }: QuotedPost): string {
  return APP_PATHS.thread(forumId, threadId, { page, post: postId });
}

/** A selection's text as paragraphs: one per line, blanks collapsed, empty lines dropped. */
export function selectionBlocks(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}

/** The paragraphs of a whole post, without what it quoted itself. */
export function wholePostBlocks(html: string): string[] {
  return postBlocks(html, { withoutQuotes: true });
}

export function quoteMarkup(post: QuotedPost, blocks: readonly string[]): string {
  const attribution = `<p><a href="${escapeHtml(quotedPostPath(post))}">${escapeHtml(
    CONVERSATION_MESSAGES.quoteWrote(post.author),
  )}</a></p>`;
  const text = blocks.map((block) => `<p>${escapeHtml(block)}</p>`).join('');
  return `<blockquote ${QUOTE_ATTRIBUTE}="${post.postId}">${attribution}${text}</blockquote>`;
}

/** What the reply editor starts with: the quote, then an empty paragraph where the caret goes. */
export function replyWithQuote(post: QuotedPost, blocks: readonly string[]): string {
  return `${quoteMarkup(post, blocks)}<p></p>`;
}
