import { ADMIN_API, COMPANIES_API, PEOPLE_API, PEOPLE_MESSAGES, type TPerson } from '@portal/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../helpers/multipart.ts';
import { createWorld, fixture, keyOf, storedFiles, type World } from '../helpers/world.ts';
import { createCompany } from './company-helpers.ts';

// A person's page and a member's photo (issue 36 point 6): photo checked, squared and without EXIF; e-mail and
// phone only with the directory consent; partners and strangers refused.

const USERS = [
  { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] },
  { username: 'erika', role: 'ROLE_USER', groups: ['Mitglieder'], email: 'erika@glas.example' },
  { username: 'max', role: 'ROLE_USER', groups: ['Mitglieder'] },
  { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] },
] as const;

let w: World<(typeof USERS)[number]['username']>;
let erika: number;
beforeAll(async () => {
  w = await createWorld({ users: USERS });
  erika = (
    await w.t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'erika')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => w.t.close());

async function putPhoto(headers: Record<string, string>, file?: { filename: string; data: Buffer }) {
  const body = await multipartBody(file ? { photo: { ...file, type: 'image/jpeg' } } : { other: 'x' });
  return w.app.inject({
    method: 'PUT',
    url: PEOPLE_API.photo,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
const photoFiles = () => storedFiles(w.t).filter((key) => key.startsWith('person'));

describe('a member photo', () => {
  it('should store a square JPEG without metadata, replace it and remove it with its file', async () => {
    const first = await putPhoto(w.as.erika, {
      filename: 'foto.jpg',
      data: fixture('images/foto-exif-gps.jpg'),
    });
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json<{ photo: string }>().photo;
    expect(photoFiles()).toEqual([keyOf(url)]);
    const served = await w.app.inject({ url });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 400, 400, undefined]);
    const page = await w.json<TPerson>(PEOPLE_API.byId(erika), w.as.max);
    expect(keyOf(page.photo)).toBe(keyOf(url));

    const second = await putPhoto(w.as.erika, { filename: 'logo.png', data: fixture('images/logo.png') });
    expect(second.statusCode).toBe(200);
    expect(photoFiles()).toEqual([keyOf(second.json<{ photo: string }>().photo)]);
    const removed = await w.app.inject({ method: 'DELETE', url: PEOPLE_API.photo, headers: w.as.erika });
    expect(removed.statusCode).toBe(204);
    expect(photoFiles()).toEqual([]);
    expect((await w.json<TPerson>(PEOPLE_API.byId(erika), w.as.max)).photo).toBeNull();
  });

  it('should refuse a non-picture with 415, no file with 400 and a caller without token with 401', async () => {
    const svg = await putPhoto(w.as.erika, { filename: 'x.jpg', data: fixture('images/script.svg') });
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ detail: PEOPLE_MESSAGES.photoType });
    const none = await putPhoto(w.as.erika);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ detail: PEOPLE_MESSAGES.photoRequired });
    expect((await putPhoto({}, { filename: 'l.png', data: fixture('images/logo.png') })).statusCode).toBe(
      401,
    );
    expect(photoFiles()).toEqual([]);
  });
});

describe('GET /api/people/{id}', () => {
  it('should show name, company and function, and e-mail and phone only with consent', async () => {
    const company = await createCompany(w, { name: 'Personen Glas GmbH' });
    await w.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${company.id}/members/${erika}`,
      headers: w.as.admin,
      payload: { function: 'Vertrieb' },
    });
    await w.app.inject({
      method: 'PATCH',
      url: ADMIN_API.member(erika),
      headers: w.as.admin,
      payload: { firstName: 'Erika', lastName: 'Muster' },
    });
    await w.app.inject({
      method: 'PATCH',
      url: COMPANIES_API.byId(company.id),
      headers: w.as.admin,
      payload: { contacts: [{ userId: erika, phone: '0421 123' }] },
    });
    const hidden = await w.json<TPerson>(PEOPLE_API.byId(erika), w.as.max);
    expect(hidden).toMatchObject({
      id: erika,
      name: 'Erika Muster',
      company: { id: company.id, name: 'Personen Glas GmbH' },
      function: 'Vertrieb',
      email: null,
      phone: null,
    });
    expect(JSON.stringify(hidden)).not.toContain('erika@glas.example');
    const agreed = await w.app.inject({
      method: 'PATCH',
      url: COMPANIES_API.mine,
      headers: w.as.erika,
      payload: { showInDirectory: true },
    });
    expect(agreed.statusCode).toBe(200);
    expect(await w.json<TPerson>(PEOPLE_API.byId(erika), w.as.max)).toMatchObject({
      email: 'erika@glas.example',
      phone: '0421 123',
    });
  });

  it('should refuse partners (403), no token (401), and answer 404 for an unknown or bad id', async () => {
    expect((await w.app.inject({ url: PEOPLE_API.byId(erika), headers: w.as.partner })).statusCode).toBe(403);
    expect((await w.app.inject({ url: PEOPLE_API.byId(erika) })).statusCode).toBe(401);
    const unknown = await w.app.inject({ url: PEOPLE_API.byId(999999), headers: w.as.max });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: PEOPLE_MESSAGES.notFound });
    expect((await w.app.inject({ url: '/api/people/1e3', headers: w.as.max })).statusCode).toBe(400);
  });

  it('should delete the photo file with the erasure and answer 404 for the erased person', async () => {
    await putPhoto(w.as.erika, { filename: 'foto.jpg', data: fixture('images/foto-exif-gps.jpg') });
    expect(photoFiles()).toHaveLength(1);
    const erased = await w.app.inject({
      method: 'DELETE',
      url: ADMIN_API.member(erika),
      headers: w.as.admin,
    });
    expect(erased.statusCode).toBe(204);
    expect(photoFiles()).toEqual([]);
    expect((await w.app.inject({ url: PEOPLE_API.byId(erika), headers: w.as.max })).statusCode).toBe(404);
  });
});
