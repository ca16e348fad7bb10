import { ADMIN_MESSAGES, type TAdminGroup, type TAdminMember } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { editValuesOf, memberChanges, ZMemberEditForm } from './member-changes';
import { createBody, createDefaults, offersPassword, ZMemberCreateForm } from './member-create';

const MEMBER: TAdminMember = {
  id: 7,
  username: 'erika',
  email: 'erika@example.de',
  company: 'Glas AG',
  role: 'ROLE_USER',
  groups: [
    { id: 3, name: 'Mitglieder' },
    { id: 1, name: 'Partner' },
  ],
  lastLoginAt: null,
  disabled: false,
  hasPassword: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};

function group(id: number, name: string, isDefault: boolean): TAdminGroup {
  return { id, name, internal: false, isDefault, memberCount: 0 };
}

describe('edit dialog', () => {
  it('sends first and last name when changed, trimmed, and empties one that was cleared', () => {
    const named = { ...MEMBER, firstName: 'Erika', lastName: 'Muster' };
    const values = editValuesOf(named);
    expect([values.firstName, values.lastName]).toEqual(['Erika', 'Muster']);
    expect(memberChanges(named, { ...values, firstName: ' Erika Maria ', lastName: '' })).toEqual({
      firstName: 'Erika Maria',
      lastName: null,
    });
    expect(memberChanges(MEMBER, editValuesOf(MEMBER))).toBeNull();
  });

  it('sends nothing when nothing changed, whatever the order of the groups', () => {
    const values = editValuesOf(MEMBER);
    expect(values).toEqual({
      firstName: '',
      lastName: '',
      email: 'erika@example.de',
      company: 'Glas AG',
      role: 'ROLE_USER',
      groups: ['3', '1'],
      disabled: false,
    });
    expect(memberChanges(MEMBER, values)).toBeNull();
    expect(memberChanges(MEMBER, { ...values, groups: ['1', '3'] })).toBeNull();
  });

  it('sends only the changed fields', () => {
    const values = editValuesOf(MEMBER);
    expect(memberChanges(MEMBER, { ...values, role: 'ROLE_ADMIN' })).toEqual({ role: 'ROLE_ADMIN' });
    expect(memberChanges(MEMBER, { ...values, disabled: true })).toEqual({ disabled: true });
    expect(memberChanges(MEMBER, { ...values, groups: ['5', '3', '1'] })).toEqual({ groups: [1, 3, 5] });
    expect(memberChanges(MEMBER, { ...values, role: 'ROLE_PARTNER', groups: [], disabled: true })).toEqual({
      role: 'ROLE_PARTNER',
      groups: [],
      disabled: true,
    });
  });
});

describe('e-mail and company in the edit dialog', () => {
  it('sends them trimmed when they changed, and null for an emptied field', () => {
    const values = editValuesOf(MEMBER);
    expect(memberChanges(MEMBER, { ...values, email: ' erika@example.de ', company: 'Glas AG ' })).toBeNull();
    expect(memberChanges(MEMBER, { ...values, email: ' neu@glas.example ' })).toEqual({
      email: 'neu@glas.example',
    });
    expect(memberChanges(MEMBER, { ...values, company: '   ' })).toEqual({ company: null });
    const without = { ...MEMBER, email: null, company: null };
    expect(editValuesOf(without)).toMatchObject({ email: '', company: '' });
    expect(memberChanges(without, editValuesOf(without))).toBeNull();
  });

  it("checks them with the contract's German messages", () => {
    const values = editValuesOf(MEMBER);
    const invalid = ZMemberEditForm.safeParse({ ...values, email: 'erika', company: 'G'.repeat(201) });
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', ADMIN_MESSAGES.emailInvalid],
      ['company', ADMIN_MESSAGES.companyTooLong],
    ]);
    expect(ZMemberEditForm.safeParse({ ...values, email: ' ', company: '' }).success).toBe(true);
  });
});

describe('create dialog', () => {
  it('starts as a member in the default groups', () => {
    const defaults = createDefaults([group(1, 'Partner', false), group(3, 'Mitglieder', true)]);
    expect(defaults).toMatchObject({ role: 'ROLE_USER', groups: ['3'], password: '' });
  });

  it('leaves out empty fields and the password where none is offered', () => {
    const values = {
      username: ' hans ',
      email: '',
      company: '  ',
      role: 'ROLE_PARTNER' as const,
      groups: ['3', '1'],
      password: 'geheim-123',
    };
    expect(createBody(values, true)).toEqual({
      username: 'hans',
      role: 'ROLE_PARTNER',
      groups: [1, 3],
      password: 'geheim-123',
    });
    expect(createBody({ ...values, email: 'h@example.de', company: 'Holz' }, false)).toEqual({
      username: 'hans',
      email: 'h@example.de',
      company: 'Holz',
      role: 'ROLE_PARTNER',
      groups: [1, 3],
    });
  });

  it('checks the fields with the German messages of the contract', () => {
    const base = { username: 'hans', email: '', company: '', role: 'ROLE_USER', groups: [], password: '' };
    expect(ZMemberCreateForm.safeParse(base).success).toBe(true);
    const messages = (input: object) =>
      ZMemberCreateForm.safeParse({ ...base, ...input }).error?.issues.map((issue) => issue.message);
    expect(messages({ username: '  ' })).toEqual(['Benutzername ist ein Pflichtfeld.']);
    expect(messages({ email: 'kein-mail' })).toEqual(['Die E-Mail-Adresse ist ungültig.']);
    expect(messages({ password: 'kurz' })).toEqual(['Das Passwort muss mindestens 8 Zeichen lang sein.']);
  });

  it('offers a password where the login page offers its form', () => {
    const settings = { hostOrigin: null, contactEmail: '', uploadLimitMb: 20, hostPageUrl: null };
    expect(offersPassword({ ...settings, loginFormOrigins: ['http://localhost:8080'] })).toBe(true);
    expect(offersPassword({ ...settings, loginFormOrigins: [] })).toBe(false);
  });
});
