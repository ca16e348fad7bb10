import {
  MEDIA_API,
  MEDIA_FILES_MESSAGES,
  MEDIA_FILES_NEXT_HEADER,
  mediaFilesCursor,
  mediaFilesPage,
  type TMediaFile,
  type TMediaFileMap,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaCategory, buildMediaFile } from '../helpers/builders-forums-media.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { createFile } from './media-helpers.ts';

/** A category's files a page at a time (issue 19): GET /api/media/{id}?limit&after. */
let w: World;
let category: number;
/** the category's files in the order of the pages: by name, then id */
let all: TMediaFile[];
const NAMES = [
  'Zeichnung',
  'Angebot',
  'Merkblatt',
  'Angebot',
  'Übersicht',
  'Bericht',
  'Angebot',
  'Preisliste',
];

beforeAll(async () => {
  w = await createWorld();
  category = (await buildMediaCategory(w, { name: 'Archiv' })).id;
  // rows of their own, without uploads: the paging is what is under test
  for (const [index, name] of NAMES.entries()) {
    await buildMediaFile(w, {
      categoryId: category,
      name,
      originalFilename: `${name}.pdf`,
      size: 1000 + index,
    });
  }
  const whole = await w.json<TMediaFileMap>(MEDIA_API.file(category), w.as.admin);
  all = Object.values(whole).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
});
afterAll(() => w.t.close());

const get = (url: string, headers = w.as.admin) => w.t.app.inject({ url, headers });

/** Every page from the first, following the cursor of each answer's header. */
async function allPages(limit: number) {
  const pages: { files: TMediaFileMap; next: string | undefined }[] = [];
  let url: string | null = `${MEDIA_API.file(category)}?limit=${limit}`;
  while (url !== null) {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    const next = response.headers[MEDIA_FILES_NEXT_HEADER] as string | undefined;
    pages.push({ files: response.json<TMediaFileMap>(), next });
    url = next === undefined ? null : `${MEDIA_API.file(category)}?limit=${limit}&after=${next}`;
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

/** the files of a page in the order the server read them (the body's keys are ordered by id) */
const names = (files: TMediaFileMap) =>
  all.filter((file) => String(file.id) in files).map((file) => `${file.name} ${file.id}`);

describe('GET /api/media/{categoryId}?limit&after', () => {
  it('should still answer every file without limit', async () => {
    const response = await get(MEDIA_API.file(category));
    expect(Object.keys(response.json())).toHaveLength(NAMES.length);
    expect(response.headers[MEDIA_FILES_NEXT_HEADER]).toBeUndefined();
  });

  it('should answer pages keyed by id, by name then id, a cursor on all but the last', async () => {
    const pages = await allPages(3);
    expect(pages.map((page) => Object.keys(page.files).length)).toEqual([3, 3, 2]);
    expect(pages.map((page) => page.next === undefined)).toEqual([false, false, true]);
    const seen = pages.flatMap((page) => Object.values(page.files));
    expect(seen.map((file) => file.id).sort((a, b) => a - b)).toEqual(
      all.map((file) => file.id).sort((a, b) => a - b),
    );
    // each page holds the next files in order: the three 'Angebot' first, tied by id
    expect(pages.flatMap((page) => names(page.files))).toEqual(all.map((file) => `${file.name} ${file.id}`));
    expect(all.slice(0, 3).map((file) => file.name)).toEqual(['Angebot', 'Angebot', 'Angebot']);
    // the body is a file map, each file as the whole list has it
    for (const page of pages) for (const file of Object.values(page.files)) expect(all).toContainEqual(file);
  });

  it('should end without a cursor when the last page is full', async () => {
    const pages = await allPages(NAMES.length / 2);
    expect(pages.map((page) => Object.keys(page.files).length)).toEqual([4, 4]);
    expect(pages[1]?.next).toBeUndefined();
  });

  it('should go on after the file the cursor names, made from the last file shown', async () => {
    const third = all[2] as TMediaFile;
    const page = await w.json<TMediaFileMap>(
      mediaFilesPage(category, mediaFilesCursor(third), 2),
      w.as.admin,
    );
    expect(names(page)).toEqual(all.slice(3, 5).map((file) => `${file.name} ${file.id}`));
  });

  it('should go on where it was when the file the cursor names is deleted between pages', async () => {
    const other = (await buildMediaCategory(w, { name: 'Wechselnd' })).id;
    const files = [];
    for (const name of ['A', 'B', 'C', 'D', 'E']) files.push(await createFile(w, other, name));
    const first = await get(`${MEDIA_API.file(other)}?limit=2`);
    const next = first.headers[MEDIA_FILES_NEXT_HEADER] as string;
    expect(decodeURIComponent(next)).toBe(mediaFilesCursor(files[1] as TMediaFile));
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.file((files[1] as TMediaFile).id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    const second = await w.json<TMediaFileMap>(`${MEDIA_API.file(other)}?limit=2&after=${next}`, w.as.admin);
    expect(Object.values(second).map((file) => file.name)).toEqual(['C', 'D']);
  });

  it('should carry a cursor with umlauts and spaces in its header', async () => {
    const other = (await buildMediaCategory(w, { name: 'Umlaute' })).id;
    await createFile(w, other, 'Übersicht Maße 2024');
    await createFile(w, other, 'Übersicht Maße 2025');
    const first = await get(`${MEDIA_API.file(other)}?limit=1`);
    const next = first.headers[MEDIA_FILES_NEXT_HEADER] as string;
    expect(decodeURIComponent(next)).toMatch(/^\d+:Übersicht Maße 2024$/);
    const second = await w.json<TMediaFileMap>(`${MEDIA_API.file(other)}?limit=1&after=${next}`, w.as.admin);
    expect(Object.values(second).map((file) => file.name)).toEqual(['Übersicht Maße 2025']);
  });

  it.each([
    ['after=abc', 'after', MEDIA_FILES_MESSAGES.after],
    ['after=0:Angebot', 'after', MEDIA_FILES_MESSAGES.after],
    ['after=12', 'after', MEDIA_FILES_MESSAGES.after],
    ['limit=2&after=', 'after', MEDIA_FILES_MESSAGES.after],
    ['limit=0', 'limit', MEDIA_FILES_MESSAGES.limit],
    ['limit=501', 'limit', MEDIA_FILES_MESSAGES.limit],
    ['limit=zwei', 'limit', MEDIA_FILES_MESSAGES.limit],
  ])('should answer 400 with German details for %s', async (query, field, message) => {
    const response = await get(`${MEDIA_API.file(category)}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: message });
  });

  it('should keep pages for admins and answer 404 for an unknown category', async () => {
    for (const user of ['mitglied', 'partner'] as const) {
      expect((await get(`${MEDIA_API.file(category)}?limit=2`, w.as[user])).statusCode).toBe(403);
    }
    expect((await get(`${MEDIA_API.file(999_999)}?limit=2`)).statusCode).toBe(404);
  });
});
