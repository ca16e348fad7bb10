import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TContentItem, TContentItemInput } from '@portal/contract';
import { type Headers, multipart, type World } from '../categories/category-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';

export interface CsvUpload {
  filename: string;
  data: Buffer | string;
  type?: string;
}

/** POST /api/content/ as the web app sends it: multipart with `content` JSON and optionally `csvFile`. */
export async function saveContent(
  w: World,
  headers: Headers,
  content: Partial<TContentItemInput> | string,
  csvFile?: CsvUpload,
) {
  const body = await multipart({
    content: typeof content === 'string' ? content : JSON.stringify(content),
    ...(csvFile ? { csvFile } : {}),
  });
  return w.app.inject({
    method: 'POST',
    url: '/api/content/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** Creates an item as admin and returns it. */
export async function createItem(
  w: World,
  content: Partial<TContentItemInput> & { categories: number[] },
  csvFile?: CsvUpload,
): Promise<TContentItem> {
  const response = await saveContent(w, w.as.admin, { title: 'Eintrag', ...content }, csvFile);
  if (response.statusCode !== 200) throw new Error(`content not saved: ${response.body}`);
  return response.json<TContentItem>();
}

export async function listContent(w: World, headers: Headers, categoryId: number): Promise<TContentItem[]> {
  const response = await w.app.inject({ url: `/api/content/${categoryId}`, headers });
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  return response.json<TContentItem[]>();
}

/** Every file in the test app's storage folder (relative keys). */
export function storedFiles(t: TestApp): string[] {
  const root = t.config.storageUrl.replace(/^file:/, '');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(path.join(root, entry)).isFile())
    .map((entry) => entry.split(path.sep).join('/'))
    .sort();
}

/** Rows of the content tables, to prove that nothing was half-written. */
export async function tableCounts(t: TestApp): Promise<{ items: number; links: number; rows: number }> {
  const db = t.database.db;
  const count = async (table: 'contentItems' | 'contentItemCategories' | 'contentItemRows') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    items: await count('contentItems'),
    links: await count('contentItemCategories'),
    rows: await count('contentItemRows'),
  };
}

/** The storage key inside a signed file URL. */
export function keyOf(csvUrl: string | null): string {
  if (!csvUrl) throw new Error('no csvUrl');
  return new URL(csvUrl, 'http://x').pathname.replace('/api/files/', '');
}
