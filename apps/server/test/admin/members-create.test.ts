import { ADMIN_API, ADMIN_MESSAGES, MESSAGES, type TAdminMember } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../audit/audit-helpers.ts';
import { createUser } from '../helpers/factories.ts';
import { createWorld, rowCounts, type World } from '../helpers/world.ts';
import { call, headersOf, REFUSED } from './admin-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const create = (payload: unknown, headers = w.as.admin) =>
  call(w, 'POST', ADMIN_API.members, headers, payload);
const counts = () => rowCounts(w.t, ['users', 'userGroupMembers', 'auditLog']);

describe('POST /api/admin/members', () => {
  it('should create a member with role and groups and record it without naming them', async () => {
    const adminId = (
      await w.t.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const response = await create({
      username: '  Neue Kollegin ',
      email: 'kollegin@glas-sued.de',
      company: 'Glas Süd GmbH',
      role: 'ROLE_PARTNER',
      groups: [w.groups.partner, w.groups.gf],
    });
    expect(response.statusCode, response.body).toBe(201);
    const member = response.json<TAdminMember>();
    expect(member).toMatchObject({
      username: 'Neue Kollegin',
      email: 'kollegin@glas-sued.de',
      company: 'Glas Süd GmbH',
      role: 'ROLE_PARTNER',
      groups: [
        { id: w.groups.gf, name: 'Geschäftsführung' },
        { id: w.groups.partner, name: 'Partner' },
      ],
      disabled: false,
      hasPassword: false,
      lastLoginAt: null,
    });
    const found = await call(w, 'GET', `${ADMIN_API.members}?q=s%C3%BCd`, w.as.admin);
    expect(found.json().items).toEqual([member]);
    const [entry] = await auditRows(w, 'member.create');
    expect(entry).toMatchObject({
      actorId: adminId,
      subjectType: 'member',
      subjectId: member.id,
      subjectLabel: null,
      changes: {
        role: { before: null, after: 'ROLE_PARTNER' },
        groups: { before: null, after: ['Geschäftsführung', 'Partner'] },
      },
    });
    for (const secret of ['Kollegin', 'kollegin', 'glas-sued', 'Süd'])
      expect(JSON.stringify(entry?.changes)).not.toContain(secret);
  });

  it('should default to ROLE_USER without groups, and treat an empty e-mail and company as none', async () => {
    const response = await create({ username: 'schlicht', email: '', company: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: 'ROLE_USER', groups: [], email: null, company: null });
  });

  it('should store a password that then logs the member in through the form', async () => {
    const response = await create({ username: 'mitpasswort', password: 'ein-sicheres-passwort' });
    expect(response.statusCode).toBe(201);
    expect(response.json().hasPassword).toBe(true);
    const raw = await w.t.database.db
      .selectFrom('users')
      .select('passwordHash')
      .where('username', '=', 'mitpasswort')
      .executeTakeFirstOrThrow();
    expect(raw.passwordHash).not.toContain('ein-sicheres-passwort');
    expect(await w.app.accounts.verifyCredentials('mitpasswort', 'ein-sicheres-passwort')).toBeTruthy();
    const entries = await auditRows(w);
    expect(entries.some((entry) => JSON.stringify(entry.changes).includes('ein-sicheres-passwort'))).toBe(
      false,
    );
  });

  it('should refuse a username that exists in any case with 400 on the field, writing nothing', async () => {
    await createUser(w.app, { username: 'Vorhanden' });
    const before = await counts();
    const response = await create({ username: 'VORHANDEN', email: 'x@example.de' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.usernameTaken,
      errors: { username: ADMIN_MESSAGES.usernameTaken },
    });
    expect(await counts()).toEqual(before);
  });

  it('should refuse a group that does not exist with 400, writing nothing', async () => {
    const before = await counts();
    const response = await create({ username: 'ohnegruppe', groups: [w.groups.mitglieder, 987_654] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.groupUnknown,
      errors: { groups: ADMIN_MESSAGES.groupUnknown },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a missing username', { email: 'a@b.de' }, 'username', ADMIN_MESSAGES.usernameRequired],
    ['a blank username', { username: '   ' }, 'username', ADMIN_MESSAGES.usernameRequired],
    [
      'a username over 100 characters',
      { username: 'x'.repeat(101) },
      'username',
      ADMIN_MESSAGES.usernameTooLong,
    ],
    ['an e-mail that is none', { username: 'a1', email: 'kein-at' }, 'email', ADMIN_MESSAGES.emailInvalid],
    [
      'a company over 200 characters',
      { username: 'a2', company: 'x'.repeat(201) },
      'company',
      ADMIN_MESSAGES.companyTooLong,
    ],
    ['an unknown role', { username: 'a3', role: 'ROLE_GAST' }, 'role', ADMIN_MESSAGES.roleInvalid],
    [
      'groups that are no list',
      { username: 'a4', groups: 'Mitglieder' },
      'groups',
      ADMIN_MESSAGES.groupsInvalid,
    ],
    [
      'a group that is no id',
      { username: 'a5', groups: ['Mitglieder'] },
      'groups.0',
      ADMIN_MESSAGES.groupsInvalid,
    ],
    ['a short password', { username: 'a6', password: 'kurz' }, 'password', ADMIN_MESSAGES.passwordTooShort],
  ])(
    'should refuse %s with 400 and a German detail, writing nothing',
    async (_name, body, field, message) => {
      const before = await counts();
      const response = await create(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: message, errors: { [field]: message } });
      expect(await counts()).toEqual(before);
    },
  );

  it('should refuse a field it does not know with 400', async () => {
    const response = await create({ username: 'a7', disabled: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Unbekannter Schlüssel: "disabled"');
  });

  it.each(REFUSED)('should refuse a request %s with %i, writing nothing', async (_name, status, who) => {
    const before = await counts();
    const response = await create({ username: 'eindringling' }, headersOf(w, who));
    expect(response.statusCode).toBe(status);
    expect(response.json().detail).toBe(status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/admin/members where no password form is offered', () => {
  let p: World<'admin'>;
  beforeAll(async () => {
    p = await createWorld({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example', LOGIN_FORM_ORIGINS: '' },
      users: [{ username: 'admin', role: 'ROLE_ADMIN' }],
    });
  });
  afterAll(() => p.close());

  it('should refuse a password with 400 on the field, writing nothing', async () => {
    expect(p.t.config.loginFormOrigins).toEqual([]);
    const before = await rowCounts(p.t, ['users', 'auditLog']);
    const response = await call(p, 'POST', ADMIN_API.members, p.as.admin, {
      username: 'mitpasswort',
      password: 'ein-sicheres-passwort',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ADMIN_MESSAGES.passwordNotAllowed,
      errors: { password: ADMIN_MESSAGES.passwordNotAllowed },
    });
    expect(await rowCounts(p.t, ['users', 'auditLog'])).toEqual(before);
  });

  it('should still create a member without a password', async () => {
    const response = await call(p, 'POST', ADMIN_API.members, p.as.admin, { username: 'ohnepasswort' });
    expect(response.statusCode).toBe(201);
    expect(response.json().hasPassword).toBe(false);
  });
});
