import { API } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, loginLink, userId } from '../helpers/factories.ts';
import { createTestApp, TEST_API_KEY, TEST_ORIGIN, type TestApp } from '../helpers/test-app.ts';
import { auditMark, auditSince } from './audit-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.accounts.ensureGroup('Mitglieder');
  await createUser(t.app, { username: 'Erika', role: 'ROLE_USER', password: 'richtig-geheim' });
});
afterAll(() => t.close());

const fromHost = (payload: Record<string, unknown>, key = TEST_API_KEY) =>
  t.app.inject({
    method: 'POST',
    url: API.generateLogin,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });

const fromForm = (payload: Record<string, unknown>, origin = TEST_ORIGIN) =>
  t.app.inject({ method: 'POST', url: API.generateLogin, headers: { origin }, payload });

describe('audit of logins from the host website', () => {
  it('should record a new member with role and groups, never their name, e-mail or company', async () => {
    const mark = await auditMark({ t });
    const response = await fromHost({
      username: 'neu.mitglied',
      email: 'neu@glaserei.example',
      company: 'Glaserei Neu GmbH',
      roles: ['ROLE_USER'],
      groups: ['Mitglieder', 'Einkauf'],
    });
    expect(response.statusCode).toBe(200);
    const entries = await auditSince({ t }, mark);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        actorId: null,
        kind: 'login.host',
        subjectType: 'member',
        subjectId: await userId({ t }, 'neu.mitglied'),
        subjectLabel: null,
        changes: {
          created: { before: false, after: true },
          role: { before: null, after: 'ROLE_USER' },
          groups: { before: null, after: ['Einkauf', 'Mitglieder'] },
        },
      },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/neu\.mitglied|glaserei|Glaserei Neu/i);
  });

  it('should record changes only for what the host changed', async () => {
    const profile = { username: 'wechsel', roles: ['ROLE_USER'], groups: ['Mitglieder'] };
    expect((await fromHost({ ...profile, email: 'a@example.de' })).statusCode).toBe(200);
    const id = await userId({ t }, 'wechsel');

    const same = await auditMark({ t });
    expect((await fromHost({ ...profile, email: 'a@example.de' })).statusCode).toBe(200);
    // a new e-mail address or company is no change the log shows
    expect((await fromHost({ ...profile, email: 'b@example.de', company: 'Neu AG' })).statusCode).toBe(200);
    expect(
      (await auditSince({ t }, same)).map((entry) => [entry.kind, entry.subjectId, entry.changes]),
    ).toEqual([
      ['login.host', id, null],
      ['login.host', id, null],
    ]);

    const changed = await auditMark({ t });
    expect((await fromHost({ ...profile, roles: ['ROLE_ADMIN'], groups: ['Einkauf'] })).statusCode).toBe(200);
    expect((await auditSince({ t }, changed)).map((entry) => entry.changes)).toEqual([
      {
        role: { before: 'ROLE_USER', after: 'ROLE_ADMIN' },
        groups: { before: ['Mitglieder'], after: ['Einkauf'] },
      },
    ]);
  });

  it('should record nothing for a wrong API key or a login link of the form', async () => {
    const mark = await auditMark({ t });
    expect((await fromHost({ username: 'fremd' }, 'falscher-schluessel')).statusCode).toBe(401);
    expect((await fromForm({ username: 'erika', password: 'richtig-geheim' })).statusCode).toBe(200);
    expect(await auditSince({ t }, mark)).toEqual([]);
  });
});

describe('audit of failed passwords', () => {
  it('should record a wrong password for a known member by their row', async () => {
    const mark = await auditMark({ t });
    expect((await fromForm({ username: 'ERIKA', password: 'falsch' })).statusCode).toBe(401);
    expect(await auditSince({ t }, mark)).toEqual([
      {
        id: expect.any(Number),
        actorId: null,
        kind: 'login.passwordFailed',
        subjectType: 'member',
        subjectId: await userId({ t }, 'Erika'),
        subjectLabel: null,
        changes: null,
      },
    ]);
  });

  it('should record an unknown username as typed (the form takes up to 100 characters)', async () => {
    const mark = await auditMark({ t });
    expect((await fromForm({ username: 'niemand', password: 'egal' })).statusCode).toBe(401);
    const long = `x${'y'.repeat(99)}`;
    expect((await fromForm({ username: long, password: 'egal' })).statusCode).toBe(401);
    expect(
      (await auditSince({ t }, mark)).map((entry) => [entry.kind, entry.subjectId, entry.subjectLabel]),
    ).toEqual([
      ['login.passwordFailed', null, 'niemand'],
      ['login.passwordFailed', null, long],
    ]);
  });

  it('should record a member without a password as a failed attempt on their row', async () => {
    await createUser(t.app, { username: 'ohnepasswort' });
    const mark = await auditMark({ t });
    expect((await fromForm({ username: 'ohnepasswort', password: 'irgendwas' })).statusCode).toBe(401);
    expect((await auditSince({ t }, mark)).map((entry) => entry.subjectId)).toEqual([
      await userId({ t }, 'ohnepasswort'),
    ]);
  });

  it('should record nothing for a right password, a refused origin or a missing password', async () => {
    const mark = await auditMark({ t });
    expect((await fromForm({ username: 'erika', password: 'richtig-geheim' })).statusCode).toBe(200);
    expect(
      (await fromForm({ username: 'erika', password: 'falsch' }, 'https://fremd.example')).statusCode,
    ).toBe(403);
    expect((await fromForm({ username: 'erika' })).statusCode).toBe(401);
    expect(await auditSince({ t }, mark)).toEqual([]);
  });

  it('should not record attempts refused by the rate limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
    const lw = { t: limited };
    try {
      await createUser(limited.app, { username: 'ziel', password: 'richtig-geheim' });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: API.generateLogin,
          headers: { origin: TEST_ORIGIN },
          payload: { username: 'ziel', password: 'falsch' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429, 429]);
      expect((await auditSince(lw, 0)).map((entry) => entry.kind)).toEqual([
        'login.passwordFailed',
        'login.passwordFailed',
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('last login', () => {
  it('should be set when a login token is used, not when the link is made', async () => {
    await createUser(t.app, { username: 'zuletzt' });
    const lastLogin = async () =>
      (
        await t.database.db
          .selectFrom('users')
          .select('lastLoginAt')
          .where('username', '=', 'zuletzt')
          .executeTakeFirstOrThrow()
      ).lastLoginAt;
    expect(await lastLogin()).toBeNull();
    await loginLink(t.app, 'zuletzt');
    expect(await lastLogin()).toBeNull();

    const before = Date.now();
    await login(t.app, 'zuletzt');
    const first = await lastLogin();
    expect(first).not.toBeNull();
    const at = new Date(first ?? 0).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('should not be set by a used or unknown login token', async () => {
    await createUser(t.app, { username: 'einmal' });
    const link = await loginLink(t.app, 'einmal');
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await t.app.inject({ url: `${API.login}?token=${token}` })).statusCode).toBe(200);
    const read = () =>
      t.database.db
        .selectFrom('users')
        .select('lastLoginAt')
        .where('username', '=', 'einmal')
        .executeTakeFirstOrThrow();
    const first = (await read()).lastLoginAt;
    expect((await t.app.inject({ url: `${API.login}?token=${token}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `${API.login}?token=unbekannt` })).statusCode).toBe(401);
    expect((await read()).lastLoginAt).toEqual(first);
  });
});
