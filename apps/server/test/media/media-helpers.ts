import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  MEDIA_API,
  type TMediaCategory,
  type TMediaCategoryInput,
  type TMediaFile,
  type TMediaFileInput,
} from '@portal/contract';
import { type BlogWorld, fixture, type Headers } from '../blog/blog-helpers.ts';
import { multipartBody } from '../helpers/multipart.ts';

export { createBlogWorld as createMediaWorld, fixture } from '../blog/blog-helpers.ts';
export type MediaWorld = BlogWorld;

export interface Upload {
  filename: string;
  data: Buffer;
  type?: string;
}

export const uploads = {
  png: (): Upload => ({ filename: 'logo.png', data: fixture('images/logo.png'), type: 'image/png' }),
  jpeg: (): Upload => ({
    filename: 'foto.jpg',
    data: fixture('images/foto-exif-gps.jpg'),
    type: 'image/jpeg',
  }),
  gif: (): Upload => ({ filename: 'animiert.gif', data: fixture('images/animiert.gif'), type: 'image/gif' }),
  pdf: (): Upload => ({
    filename: 'Merkblatt Glas.pdf',
    data: fixture('docs/merkblatt.pdf'),
    type: 'application/pdf',
  }),
};

/** POST /api/mediaCategory/ as the web app sends it: multipart with the `mediaCategory` JSON. */
export async function saveCategory(
  w: MediaWorld,
  headers: Headers,
  input: Partial<TMediaCategoryInput> | string,
) {
  const body = await multipartBody({
    mediaCategory: typeof input === 'string' ? input : JSON.stringify(input),
  });
  return w.t.app.inject({
    method: 'POST',
    url: MEDIA_API.categories,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export function flatten(tree: readonly TMediaCategory[]): TMediaCategory[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Creates a category as admin and returns its id (the highest in the returned tree). */
export async function createCategory(w: MediaWorld, input: Partial<TMediaCategoryInput> & { name: string }) {
  const response = await saveCategory(w, w.as.admin, input);
  if (response.statusCode !== 200) throw new Error(`category not saved: ${response.body}`);
  return Math.max(...flatten(response.json<TMediaCategory[]>()).map((node) => node.id));
}

export async function getTree(w: MediaWorld): Promise<TMediaCategory[]> {
  const response = await w.t.app.inject({ url: MEDIA_API.categories, headers: w.as.admin });
  if (response.statusCode !== 200) throw new Error(`tree: ${response.body}`);
  return response.json<TMediaCategory[]>();
}

/** POST /api/media/: multipart with the `media` JSON and optionally `file`. */
export async function saveFile(
  w: MediaWorld,
  headers: Headers,
  media: Partial<TMediaFileInput> | string,
  file?: Upload,
) {
  const body = await multipartBody({
    media: typeof media === 'string' ? media : JSON.stringify(media),
    ...(file ? { file } : {}),
  });
  return w.t.app.inject({
    method: 'POST',
    url: MEDIA_API.files,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export async function createFile(
  w: MediaWorld,
  category: number,
  name: string,
  file: Upload = uploads.pdf(),
) {
  const response = await saveFile(w, w.as.admin, { name, category }, file);
  if (response.statusCode !== 200) throw new Error(`file not saved: ${response.statusCode} ${response.body}`);
  return response.json<TMediaFile>();
}

/** Every file stored under the media prefix of the test's storage folder. */
export function storedMediaFiles(w: MediaWorld): string[] {
  const root = path.join(w.t.config.storageUrl.replace(/^file:/, ''), 'media');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** GET of a public address, without any token. */
export function fetchPublic(w: MediaWorld, publicPath: string, headers: Headers = {}) {
  return w.t.app.inject({ url: publicPath, headers });
}
