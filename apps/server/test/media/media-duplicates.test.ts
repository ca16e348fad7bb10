import { createHash } from 'node:crypto';
import {
  MEDIA_API,
  MEDIA_DUPLICATES_MAX,
  MEDIA_MESSAGES,
  MESSAGES,
  type TMediaDuplicates,
  type TMediaDuplicatesQuery,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixture, type Headers, type World } from '../helpers/world.ts';
import { createCategory, createFile, saveFile, uploads } from './media-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const PDF = sha256(fixture('docs/merkblatt.pdf'));
const PNG = sha256(fixture('images/logo.png'));
const JPEG = sha256(fixture('images/foto-exif-gps.jpg'));

const check = (query: TMediaDuplicatesQuery | Record<string, unknown>, headers: Headers = w.as.admin) =>
  w.t.app.inject({ method: 'POST', url: MEDIA_API.duplicates, headers, payload: query });

async function duplicates(query: TMediaDuplicatesQuery): Promise<TMediaDuplicates> {
  const response = await check(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TMediaDuplicates>();
}

describe('POST /api/media/duplicates', () => {
  it('should name the files with the same content anywhere in the library and the same name in the category', async () => {
    const documents = await createCategory(w, { name: 'Dokumente A' });
    const archive = await createCategory(w, { name: 'Archiv A' });
    const stored = await createFile(w, documents, 'Merkblatt.pdf');
    const entry = { id: stored.id, name: 'Merkblatt.pdf', category: documents, categoryName: 'Dokumente A' };

    // the same bytes under another name in another category; a free name; the same name without content
    expect(
      await duplicates({
        category: archive,
        files: [
          { name: 'Merkblatt Kopie.pdf', sha256: PDF },
          { name: 'Logo.png', sha256: PNG },
          { name: 'Merkblatt.pdf' },
        ],
      }),
    ).toEqual({
      files: [
        { sameContent: [entry], sameName: [] },
        { sameContent: [], sameName: [] },
        { sameContent: [], sameName: [] },
      ],
    });
    expect(await duplicates({ category: documents, files: [{ name: 'Merkblatt.pdf' }] })).toEqual({
      files: [{ sameContent: [], sameName: [entry] }],
    });
    // the entry itself while it is edited
    expect(
      await duplicates({
        category: documents,
        exclude: stored.id,
        files: [{ name: 'Merkblatt.pdf', sha256: PDF }],
      }),
    ).toEqual({ files: [{ sameContent: [], sameName: [] }] });
  });

  it('should compare the bytes as uploaded, also of a picture stored without its metadata', async () => {
    const pictures = await createCategory(w, { name: 'Bilder A' });
    const photo = await createFile(w, pictures, 'Glastage.jpg', uploads.jpeg());
    const [found] = (await duplicates({ category: pictures, files: [{ name: 'Neu.jpg', sha256: JPEG }] }))
      .files;
    expect(found?.sameContent.map((file) => file.id)).toEqual([photo.id]);
  });

  it('should follow a replaced binary and forget a deleted file', async () => {
    const category = await createCategory(w, { name: 'Wechsel A' });
    const file = await createFile(w, category, 'Wechsel.pdf', uploads.gif());
    const gif = sha256(fixture('images/animiert.gif'));
    const replaced = await saveFile(w, w.as.admin, { id: file.id, name: file.name, category }, uploads.png());
    expect(replaced.statusCode).toBe(200);
    const after = await duplicates({
      category,
      files: [
        { name: 'a.gif', sha256: gif },
        { name: 'b.png', sha256: PNG },
      ],
    });
    expect(after.files.map((entry) => entry.sameContent.map((same) => same.id))).toEqual([[], [file.id]]);

    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.file(file.id),
      headers: w.as.admin,
    });
    expect(removed.statusCode).toBe(204);
    expect(await duplicates({ category, files: [{ name: 'Wechsel.pdf', sha256: PNG }] })).toEqual({
      files: [{ sameContent: [], sameName: [] }],
    });
  });

  it.each([
    [
      'a checksum that is no SHA-256',
      { files: [{ name: 'a.pdf', sha256: 'abc' }] },
      MEDIA_MESSAGES.hashInvalid,
    ],
    ['a file without name', { files: [{ sha256: PDF }] }, MEDIA_MESSAGES.nameRequired],
    [
      `more than ${MEDIA_DUPLICATES_MAX} files`,
      { files: Array.from({ length: MEDIA_DUPLICATES_MAX + 1 }, (_, index) => ({ name: `${index}.pdf` })) },
      MEDIA_MESSAGES.tooManyFiles,
    ],
  ])('should refuse %s with 400 and a German message', async (_name, body, message) => {
    const category = await createCategory(w, { name: `Prüfung ${_name}` });
    const response = await check({ category, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(message);
  });

  it('should refuse an unknown category with 400', async () => {
    const response = await check({ category: 999_999, files: [{ name: 'a.pdf' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(MEDIA_MESSAGES.unknownCategory);
  });

  it.each([
    ['without a token', 401, MESSAGES.unauthorized, undefined],
    ['as ROLE_USER', 403, MESSAGES.forbidden, 'mitglied'],
    ['as ROLE_PARTNER', 403, MESSAGES.forbidden, 'partner'],
  ] as const)('should refuse a request %s with %i', async (_name, status, detail, who) => {
    const category = await createCategory(w, { name: `Rollen ${status} ${_name}` });
    const headers = who === undefined ? {} : w.as[who];
    const response = await check({ category, files: [{ name: 'a.pdf', sha256: PDF }] }, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ detail });
  });
});
