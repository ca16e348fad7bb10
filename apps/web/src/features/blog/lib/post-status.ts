import type { TBlog } from '@portal/contract';

/**
 * SPEC §4: 'Eilmeldung' only once `publishedAt` lies in the past. Checked against the clock rather than the
 * `scheduled` flag, which was true when the list was fetched and may have turned since.
 */
export function isPublished(post: Pick<TBlog, 'publishedAt'>, now: number = Date.now()): boolean {
  const published = Date.parse(post.publishedAt);
  return Number.isFinite(published) && published <= now;
}

const TAG = /<[^>]*>/g;
const ENTITY = /&(nbsp|#160);/gi;

/** True when rich text shows any text or picture ('Weiterlesen' only when there is content, SPEC §2). */
export function hasRichContent(html: string | null | undefined): boolean {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return html.replace(TAG, '').replace(ENTITY, ' ').trim() !== '';
}
