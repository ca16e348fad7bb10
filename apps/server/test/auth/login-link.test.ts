import { API, AUTH_MESSAGES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login, tokenOfLink } from '../helpers/factories.ts';
import { createTestApp, TEST_API_KEY, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { username: 'Erika', role: 'ROLE_USER', password: 'richtig-geheim' });
});
afterAll(() => t.close());

const generate = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: API.generateLogin, payload, headers });

describe('POST /external/generate/login with username and password', () => {
  it('should answer a link to the login page with a one-time token', async () => {
    const response = await generate(
      { username: 'erika', password: 'richtig-geheim' },
      { origin: TEST_ORIGIN },
    );
    expect(response.statusCode).toBe(200);
    const { link } = response.json<{ link: string }>();
    expect(link).toMatch(/^http:\/\/localhost:8080\/login\?token=[\w-]{43}$/);
  });

  it('should accept form data as well as JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.generateLogin,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN },
      payload: 'username=ERIKA&password=richtig-geheim',
    });
    expect(response.statusCode).toBe(200);
  });

  it('should give the same answer for a wrong password and an unknown user', async () => {
    const wrong = await generate({ username: 'erika', password: 'falsch' });
    const unknown = await generate({ username: 'niemand', password: 'falsch' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Bei der Anmeldung ist ein Fehler aufgetreten' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('should refuse a user without a password', async () => {
    await createUser(t.app, { username: 'ohnepasswort' });
    const response = await generate({ username: 'ohnepasswort', password: 'irgendwas' });
    expect(response.statusCode).toBe(401);
  });

  it('should refuse the password form from an origin that is not a test origin', async () => {
    const response = await generate(
      { username: 'erika', password: 'richtig-geheim' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(AUTH_MESSAGES.formNotAllowed);
  });

  it('should answer 400 with German field messages for a missing username', async () => {
    const response = await generate({ password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Benutzername ist ein Pflichtfeld.',
      errors: { username: 'Benutzername ist ein Pflichtfeld.' },
    });
  });
});

describe('POST /external/generate/login with the API key', () => {
  it('should create the member with email, company, roles and groups', async () => {
    const response = await generate(
      {
        username: 'neu',
        email: 'neu@example.de',
        company: 'Neu Glas KG',
        roles: ['ROLE_USER'],
        groups: ['Mitglieder', 'Nord'],
      },
      { authorization: `Bearer ${TEST_API_KEY}` },
    );
    expect(response.statusCode).toBe(200);
    const pair = await login(t.app, 'neu');
    const profile = await t.app.inject({ url: API.profile, headers: bearer(pair) });
    expect(profile.json()).toMatchObject({
      username: 'neu',
      email: 'neu@example.de',
      company: 'Neu Glas KG',
      roles: ['ROLE_USER', 'ROLE_PARTNER'],
      groups: [{ name: 'Mitglieder' }, { name: 'Nord' }],
    });
  });

  it('should update only the given fields of an existing member', async () => {
    const created = await generate(
      { username: 'bestand', email: 'bestand@example.de', company: 'Bestand Glas KG', roles: ['ROLE_USER'] },
      { authorization: `Bearer ${TEST_API_KEY}` },
    );
    expect(created.statusCode).toBe(200);
    await generate(
      { username: 'bestand', company: 'Bestand Glas GmbH' },
      { authorization: `Bearer ${TEST_API_KEY}` },
    );
    const pair = await login(t.app, 'bestand');
    const profile = await t.app.inject({ url: API.profile, headers: bearer(pair) });
    expect(profile.json()).toMatchObject({
      email: 'bestand@example.de',
      company: 'Bestand Glas GmbH',
      roles: ['ROLE_USER', 'ROLE_PARTNER'],
    });
  });

  it('should give a new member without roles the partner role only', async () => {
    await generate({ username: 'ohnerolle' }, { authorization: `Bearer ${TEST_API_KEY}` });
    const profile = await t.app.inject({
      url: API.profile,
      headers: bearer(await login(t.app, 'ohnerolle')),
    });
    expect(profile.json().roles).toEqual(['ROLE_PARTNER']);
  });

  it('should accept roles and groups as form fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API.generateLogin,
      headers: {
        authorization: `Bearer ${TEST_API_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'username=formular&roles=ROLE_ADMIN&groups=Mitglieder,Partner',
    });
    expect(response.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: API.profile,
      headers: bearer(await login(t.app, 'formular')),
    });
    expect(profile.json().roles).toEqual(['ROLE_ADMIN', 'ROLE_USER', 'ROLE_PARTNER']);
    expect(profile.json().groups.map((g: { name: string }) => g.name)).toEqual(['Mitglieder', 'Partner']);
  });

  it('should refuse a wrong API key with 401 and create nobody', async () => {
    const response = await generate(
      { username: 'eindringling' },
      { authorization: 'Bearer wrong-key-wrong-key-wrong' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().detail).toBe(AUTH_MESSAGES.wrongApiKey);
    expect(await t.app.accounts.findUserByUsername('eindringling')).toBeUndefined();
  });

  it('should refuse an unknown role with 400', async () => {
    const response = await generate(
      { username: 'x', roles: ['ROLE_GOD'] },
      { authorization: `Bearer ${TEST_API_KEY}` },
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['roles.0']);
  });
});

describe('GET /api/auth/login', () => {
  it('should log in once and refuse the same token a second time', async () => {
    const link = (await generate({ username: 'erika', password: 'richtig-geheim' })).json<{ link: string }>()
      .link;
    const first = await t.app.inject({ url: `/api/auth/login?token=${tokenOfLink(link)}` });
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json()).sort()).toEqual(['refreshToken', 'token']);
    const second = await t.app.inject({ url: `/api/auth/login?token=${tokenOfLink(link)}` });
    expect(second.statusCode).toBe(401);
    expect(second.json().detail).toBe('Bei der Anmeldung ist ein Fehler aufgetreten');
  });

  it('should refuse a token older than 5 minutes', async () => {
    const link = (await generate({ username: 'erika', password: 'richtig-geheim' })).json<{ link: string }>()
      .link;
    await t.database.db
      .updateTable('loginTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    const response = await t.app.inject({ url: `/api/auth/login?token=${tokenOfLink(link)}` });
    expect(response.statusCode).toBe(401);
  });

  it('should store login tokens only as hashes', async () => {
    const link = (await generate({ username: 'erika', password: 'richtig-geheim' })).json<{ link: string }>()
      .link;
    const rows = await t.database.db.selectFrom('loginTokens').select('tokenHash').execute();
    expect(rows.map((r) => r.tokenHash)).not.toContain(tokenOfLink(link));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('should refuse an unknown token and a missing one', async () => {
    expect((await t.app.inject({ url: '/api/auth/login?token=unbekannt' })).statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/api/auth/login' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(AUTH_MESSAGES.tokenRequired);
  });
});
