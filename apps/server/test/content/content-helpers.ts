import { CONTENT_API, type TContentItem, type TContentItemInput } from '@portal/contract';
import type { TestApp } from '../helpers/test-app.ts';
import { type Headers, rowCounts, type Upload, type World } from '../helpers/world.ts';

/** POST /api/content/ as the web app sends it: multipart with `content` JSON and optionally `csvFile`. */
export function saveContent(
  w: World<never>,
  headers: Headers,
  content: Partial<TContentItemInput> | string,
  csvFile?: Upload,
) {
  return w.postMultipart(
    CONTENT_API.save,
    headers,
    {
      content: typeof content === 'string' ? content : JSON.stringify(content),
      ...(csvFile ? { csvFile } : {}),
    },
    'text/csv',
  );
}

/** Creates an item as admin and returns it. */
export async function createItem(
  w: World<'admin'>,
  content: Partial<TContentItemInput> & { categories: number[] },
  csvFile?: Upload,
): Promise<TContentItem> {
  const response = await saveContent(w, w.as.admin, { title: 'Eintrag', ...content }, csvFile);
  if (response.statusCode !== 200) throw new Error(`content not saved: ${response.body}`);
  return response.json<TContentItem>();
}

export function listContent(w: World<never>, headers: Headers, categoryId: number): Promise<TContentItem[]> {
  return w.json<TContentItem[]>(CONTENT_API.byCategory(categoryId), headers);
}

/** Rows of the content tables, to prove that nothing was half-written. */
export async function tableCounts(t: TestApp): Promise<{ items: number; links: number; rows: number }> {
  const counts = await rowCounts(t, ['contentItems', 'contentItemCategories', 'contentItemRows']);
  return { items: counts.contentItems, links: counts.contentItemCategories, rows: counts.contentItemRows };
}
