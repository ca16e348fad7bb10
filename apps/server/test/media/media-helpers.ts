import {
  MEDIA_API,
  type TMediaCategory,
  type TMediaCategoryInput,
  type TMediaFile,
  type TMediaFileInput,
} from '@portal/contract';
import { flatten } from '../categories/category-helpers.ts';
import { fixture, type Headers, type Upload, type World } from '../helpers/world.ts';

/** Real files of every accepted type, as the browser sends them. */
export const uploads = {
  png: () => ({ filename: 'logo.png', data: fixture('images/logo.png'), type: 'image/png' }),
  jpeg: () => ({
    filename: 'foto.jpg',
    data: fixture('images/foto-exif-gps.jpg'),
    type: 'image/jpeg',
  }),
  gif: () => ({ filename: 'animiert.gif', data: fixture('images/animiert.gif'), type: 'image/gif' }),
  pdf: () => ({
    filename: 'Merkblatt Glas.pdf',
    data: fixture('docs/merkblatt.pdf'),
    type: 'application/pdf',
  }),
};

/** POST /api/mediaCategory/ as the web app sends it: multipart with the `mediaCategory` JSON. */
export async function saveCategory(
  w: World<'admin'>,
  headers: Headers,
  input: Partial<TMediaCategoryInput> | string,
) {
  return w.postMultipart(MEDIA_API.categories, headers, {
    mediaCategory: typeof input === 'string' ? input : JSON.stringify(input),
  });
}

/** Creates a category as admin and returns its id (the highest in the returned tree). */
export async function createCategory(
  w: World<'admin'>,
  input: Partial<TMediaCategoryInput> & { name: string },
) {
  const response = await saveCategory(w, w.as.admin, input);
  if (response.statusCode !== 200) throw new Error(`category not saved: ${response.body}`);
  return Math.max(...flatten(response.json<TMediaCategory[]>()).map((node) => node.id));
}

export async function getTree(w: World<'admin'>): Promise<TMediaCategory[]> {
  return w.json<TMediaCategory[]>(MEDIA_API.categories, w.as.admin);
}

/** POST /api/media/: multipart with the `media` JSON and optionally `file`. */
export async function saveFile(
  w: World<'admin'>,
  headers: Headers,
  media: Partial<TMediaFileInput> | string,
  file?: Upload,
) {
  return w.postMultipart(MEDIA_API.files, headers, {
    media: typeof media === 'string' ? media : JSON.stringify(media),
    ...(file ? { file } : {}),
  });
}

export async function createFile(
  w: World<'admin'>,
  category: number,
  name: string,
  file: Upload = uploads.pdf(),
) {
  const response = await saveFile(w, w.as.admin, { name, category }, file);
  if (response.statusCode !== 200) throw new Error(`file not saved: ${response.statusCode} ${response.body}`);
  return response.json<TMediaFile>();
}

/** GET of a public address, without any token. */
export function fetchPublic(w: World<'admin'>, publicPath: string, headers: Headers = {}) {
  return w.t.app.inject({ url: publicPath, headers });
}
