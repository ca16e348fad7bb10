import { MEDIA_API, MEDIA_MESSAGES, MESSAGES, type TMediaFile } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixture, storedFiles, type World } from '../helpers/world.ts';
import { createCategory, createFile, fetchPublic, getTree, saveFile, uploads } from './media-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const list = (categoryId: number, headers = w.as.admin) =>
  w.t.app.inject({ url: MEDIA_API.file(categoryId), headers });

describe('GET /api/media/{categoryId}', () => {
  it('should answer {} for a category without files', async () => {
    const id = await createCategory(w, { name: 'Leer' });
    const response = await list(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('should answer the files keyed by id with public addresses', async () => {
    const id = await createCategory(w, { name: 'Liste' });
    const file = await createFile(w, id, 'Merkblatt.pdf');
    const response = await list(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ [String(file.id)]: file });
    expect(file).toMatchObject({
      name: 'Merkblatt.pdf',
      category: id,
      originalFilename: 'Merkblatt Glas.pdf',
      mimeType: 'application/pdf',
      size: fixture('docs/merkblatt.pdf').length,
    });
    expect(file.publicPath).toMatch(/^\/media-files\/[\w-]{32}$/);
    expect(file.url).toBe(`http://localhost:8080${file.publicPath}`);
  });

  it('should answer 404 for an unknown category', async () => {
    expect((await list(999_999)).statusCode).toBe(404);
  });
});

describe('POST /api/media/', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['pdf', 'application/pdf'],
  ] as const)('should accept a %s file checked by content', async (kind, mimeType) => {
    const id = await createCategory(w, { name: `Typ ${kind}` });
    // the browser's claim is ignored: the content decides
    const response = await saveFile(
      w,
      w.as.admin,
      { name: `Datei ${kind}`, category: id },
      {
        ...uploads[kind](),
        type: 'application/octet-stream',
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<TMediaFile>().mimeType).toBe(mimeType);
  });

  it.each([
    ['images/fake.png', 'fake.png'],
    ['images/script.svg', 'script.svg'],
    ['docs/fake.pdf', 'fake.pdf'],
  ])('should refuse %s with 415 and store nothing', async (path, filename) => {
    const id = await createCategory(w, { name: `Falsch ${filename}` });
    const before = storedFiles(w.t, 'media/');
    const response = await saveFile(
      w,
      w.as.admin,
      { name: filename, category: id },
      {
        filename,
        data: fixture(path),
        type: 'image/png',
      },
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Erlaubte Dateiformate: JPG, PNG, GIF, PDF' });
    expect(storedFiles(w.t, 'media/')).toEqual(before);
    expect((await list(id)).json()).toEqual({});
  });

  it('should remove EXIF metadata from a JPEG', async () => {
    const id = await createCategory(w, { name: 'Fotos' });
    expect((await sharp(fixture('images/foto-exif-gps.jpg')).metadata()).exif).toBeDefined();
    const file = await createFile(w, id, 'Foto.jpg', uploads.jpeg());
    const response = await fetchPublic(w, file.publicPath);
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('should refuse a new entry without a file with 400', async () => {
    const id = await createCategory(w, { name: 'Ohne Datei' });
    const response = await saveFile(w, w.as.admin, { name: 'Nichts', category: id });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: MEDIA_MESSAGES.fileRequired,
      errors: { file: MEDIA_MESSAGES.fileRequired },
    });
  });

  it('should refuse a missing name with 400 and the German message, storing nothing', async () => {
    const id = await createCategory(w, { name: 'Ohne Name' });
    const before = storedFiles(w.t, 'media/');
    const response = await saveFile(w, w.as.admin, { name: ' ', category: id }, uploads.pdf());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Name ist ein Pflichtfeld.',
      errors: { 'media.name': 'Name ist ein Pflichtfeld.' },
    });
    expect(storedFiles(w.t, 'media/')).toEqual(before);
  });

  it('should refuse an unknown category with 400 and remove the stored file again', async () => {
    const before = storedFiles(w.t, 'media/');
    const response = await saveFile(w, w.as.admin, { name: 'Verwaist', category: 999_999 }, uploads.png());
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(MEDIA_MESSAGES.unknownCategory);
    expect(storedFiles(w.t, 'media/')).toEqual(before);
  });

  it('should answer 404 for an unknown id', async () => {
    const id = await createCategory(w, { name: 'Unbekannt' });
    const response = await saveFile(w, w.as.admin, { id: 999_999, name: 'X', category: id });
    expect(response.statusCode).toBe(404);
  });

  it('should keep the address when the name and the category change', async () => {
    const from = await createCategory(w, { name: 'Von' });
    const to = await createCategory(w, { name: 'Nach' });
    const file = await createFile(w, from, 'Alt.pdf');
    const response = await saveFile(w, w.as.admin, { ...file, name: 'Neu.pdf', category: to });
    expect(response.statusCode).toBe(200);
    const saved = response.json<TMediaFile>();
    expect(saved).toEqual({ ...file, name: 'Neu.pdf', category: to });
    expect((await list(from)).json()).toEqual({});
    expect(Object.keys((await list(to)).json())).toEqual([String(file.id)]);
    expect((await fetchPublic(w, file.publicPath)).statusCode).toBe(200);
  });

  it('should keep the address when the binary is replaced, serve the new one and drop the old', async () => {
    const id = await createCategory(w, { name: 'Ersetzen' });
    const file = await createFile(w, id, 'Logo', uploads.pdf());
    const before = storedFiles(w.t, 'media/');
    const response = await saveFile(
      w,
      w.as.admin,
      { id: file.id, name: 'Logo', category: id },
      uploads.png(),
    );
    expect(response.statusCode).toBe(200);
    const saved = response.json<TMediaFile>();
    expect(saved.url).toBe(file.url);
    expect(saved.publicPath).toBe(file.publicPath);
    expect(saved).toMatchObject({ mimeType: 'image/png', originalFilename: 'logo.png' });
    const served = await fetchPublic(w, file.publicPath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const after = storedFiles(w.t, 'media/');
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
  });

  it('should keep the old binary when a replacement has the wrong type', async () => {
    const id = await createCategory(w, { name: 'Nicht ersetzen' });
    const file = await createFile(w, id, 'Bleibt.pdf');
    const response = await saveFile(
      w,
      w.as.admin,
      { id: file.id, name: 'Anders', category: id },
      {
        filename: 'x.svg',
        data: fixture('images/script.svg'),
      },
    );
    expect(response.statusCode).toBe(415);
    expect((await list(id)).json()).toEqual({ [String(file.id)]: file });
    expect((await fetchPublic(w, file.publicPath)).headers['content-type']).toBe('application/pdf');
  });
});

describe('DELETE /api/media/{id}', () => {
  it('should delete the entry with 204, remove the stored file and end the public address', async () => {
    const id = await createCategory(w, { name: 'Löschen' });
    const file = await createFile(w, id, 'Weg.pdf');
    const before = storedFiles(w.t, 'media/');
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.file(file.id),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(204);
    expect((await list(id)).json()).toEqual({});
    expect(storedFiles(w.t, 'media/')).toHaveLength(before.length - 1);
    expect((await fetchPublic(w, file.publicPath)).statusCode).toBe(404);
    const tree = await getTree(w);
    expect(tree.find((node) => node.id === id)?.mediaCount).toBe(0);
  });

  it('should answer 404 for an unknown file', async () => {
    const response = await w.t.app.inject({
      method: 'DELETE',
      url: MEDIA_API.file(999_999),
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it.each(['mitglied', 'partner'] as const)(
    'should refuse every file endpoint to %s with 403',
    async (role) => {
      const id = await createCategory(w, { name: `Dateien ${role}` });
      const file = await createFile(w, id, 'Geschützt.pdf');
      const before = storedFiles(w.t, 'media/');
      const headers = w.as[role];
      expect((await list(id, headers)).statusCode).toBe(403);
      expect((await saveFile(w, headers, { name: 'X', category: id }, uploads.png())).statusCode).toBe(403);
      expect((await saveFile(w, headers, { id: file.id, name: 'X', category: id })).statusCode).toBe(403);
      const removed = await w.t.app.inject({ method: 'DELETE', url: MEDIA_API.file(file.id), headers });
      expect(removed.statusCode).toBe(403);
      expect((await list(id)).json()).toEqual({ [String(file.id)]: file });
      expect(storedFiles(w.t, 'media/')).toEqual(before);
    },
  );
});

describe('the upload size limit', () => {
  let small: World;
  beforeAll(async () => {
    small = await createWorld({ env: { UPLOAD_LIMIT_MB: '1' } });
  });
  afterAll(() => small.t.close());

  it('should refuse a file over UPLOAD_LIMIT_MB with 413 and store nothing', async () => {
    const id = await createCategory(small, { name: 'Klein' });
    const big = {
      filename: 'gross.pdf',
      data: Buffer.concat([fixture('docs/merkblatt.pdf'), Buffer.alloc(1024 * 1024)]),
    };
    const response = await saveFile(small, small.as.admin, { name: 'Groß', category: id }, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MESSAGES.tooLarge });
    expect(storedFiles(small.t, 'media/')).toEqual([]);
    expect((await small.t.app.inject({ url: MEDIA_API.file(id), headers: small.as.admin })).json()).toEqual(
      {},
    );
  });
});
