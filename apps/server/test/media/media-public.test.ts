import { MEDIA_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, fixture, type World } from '../helpers/world.ts';
import { createCategory, createFile, fetchPublic, saveFile, uploads } from './media-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

describe('GET /media-files/{publicToken}', () => {
  it('should serve a file without token, inline, with its type, name, cache headers and nosniff', async () => {
    const id = await createCategory(w, { name: 'Öffentlich' });
    const file = await createFile(w, id, 'Merkblatt.pdf', {
      ...uploads.pdf(),
      filename: 'Merkblatt Größen.pdf',
    });
    const response = await fetchPublic(w, file.publicPath);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Merkblatt Groessen.pdf"; filename*=UTF-8''Merkblatt%20Gr%C3%B6%C3%9Fen.pdf`,
    );
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-security-policy']).toContain("object-src 'self'");
    expect(response.rawPayload.equals(fixture('docs/merkblatt.pdf'))).toBe(true);
  });

  it('should answer 304 for the current ETag and a new ETag after the binary is replaced', async () => {
    const id = await createCategory(w, { name: 'Cache' });
    const file = await createFile(w, id, 'Bild', uploads.png());
    const first = await fetchPublic(w, file.publicPath);
    const etag = String(first.headers.etag);
    const again = await fetchPublic(w, file.publicPath, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    await saveFile(w, w.as.admin, { id: file.id, name: 'Bild', category: id }, uploads.gif());
    const replaced = await fetchPublic(w, file.publicPath, { 'if-none-match': etag });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers['content-type']).toBe('image/gif');
    expect(replaced.headers.etag).not.toBe(etag);
  });

  it.each([
    '/media-files/unbekannt-aber-lang-genug-123456',
    '/media-files/x',
    '/media-files/',
    '/media-files/a/b',
  ])('should answer 404 as JSON for %s, not the web app', async (path) => {
    const response = await fetchPublic(w, path);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('should answer 404 with the German message for an unknown token', async () => {
    const response = await fetchPublic(w, '/media-files/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response.json()).toEqual({ detail: MEDIA_MESSAGES.fileNotFound });
  });
});
