import { MEDIA_API, MEDIA_MESSAGES, MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaCategory, buildMediaFile } from '../helpers/builders-forums-media.ts';
import { createWorld, fixture, type World } from '../helpers/world.ts';

let w: World;
const pdf = fixture('docs/merkblatt.pdf');
const png = { data: fixture('images/logo.png'), mimeType: 'image/png' };

beforeAll(async () => {
  w = await createWorld();
  const dokumente = (await buildMediaCategory(w, { name: 'Dokumente' })).id;
  const formulare = (await buildMediaCategory(w, { name: 'Formulare', parentId: dokumente })).id;
  const bilder = (await buildMediaCategory(w, { name: 'Bilder' })).id;
  const file = (categoryId: number, name: string, originalFilename: string, content = { data: pdf }) =>
    buildMediaFile(w, { categoryId, name, originalFilename, ...content });
  await file(dokumente, 'Merkblatt.pdf', 'Merkblatt Glas.pdf');
  await file(formulare, 'Antrag.pdf', 'Antrag für Änderungen.pdf');
  await file(dokumente, 'Logo.png', 'logo.png', png);
  await file(bilder, 'Logo.png', 'logo-alt.png', png);
});
afterAll(() => w.t.close());

const download = (path: string, headers = w.as.partner) =>
  w.t.app.inject({ url: MEDIA_API.library(path), headers });

describe('GET /mediaLibrary/{path}', () => {
  it('should download a file by category path and name, as an attachment that is not sniffed', async () => {
    const response = await download('Dokumente/Merkblatt.pdf');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Merkblatt Glas.pdf"; filename*=UTF-8''Merkblatt%20Glas.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('should follow nested categories and encode an umlaut in the file name after RFC 5987', async () => {
    const response = await download('Dokumente/Formulare/Antrag.pdf', w.as.mitglied);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Antrag fuer Aenderungen.pdf"; filename*=UTF-8''Antrag%20f%C3%BCr%20%C3%84nderungen.pdf`,
    );
  });

  it('should find a file by its name alone when the name is unique', async () => {
    expect((await download('Antrag.pdf')).statusCode).toBe(200);
    // a wrong category path falls back to the unique name too
    expect((await download('Alt/Merkblatt.pdf')).statusCode).toBe(200);
  });

  it('should pick the file of the category path when a name exists twice', async () => {
    const first = await download('Dokumente/Logo.png');
    const second = await download('Bilder/Logo.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toContain('filename="logo.png"');
    expect(second.headers['content-disposition']).toContain('filename="logo-alt.png"');
    const ambiguous = await download('Logo.png');
    expect(ambiguous.statusCode).toBe(404);
    expect(ambiguous.json()).toEqual({ detail: MEDIA_MESSAGES.fileNotFound });
  });

  it('should refuse a path with a NUL character with 400', async () => {
    const response = await w.t.app.inject({
      url: '/mediaLibrary/Dokumente%2FMerkblatt.pdf%00',
      headers: w.as.admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.invalidCharacters });
  });

  it.each(['Dokumente/Fehlt.pdf', 'Fehlt.pdf', 'Dokumente/'])(
    'should answer 404 with a German message for %s',
    async (path) => {
      const response = await w.t.app.inject({ url: `/mediaLibrary/${path}`, headers: w.as.admin });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MEDIA_MESSAGES.fileNotFound });
    },
  );

  it('should refuse a download without token with 401', async () => {
    const response = await download('Dokumente/Merkblatt.pdf', {});
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('%PDF');
  });
});
