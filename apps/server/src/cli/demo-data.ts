import type { TRole } from '@portal/contract';
import type { AccountsService } from '../features/accounts/accounts.service.ts';

export const DEMO_PASSWORD = 'portal-demo';

/** User groups of ARCHITECTURE §4; Geschäftsführung is internal (blog `ceo=true`, 'FMK-Intern'). */
export const DEMO_GROUPS = [
  { name: 'Mitglieder', internal: false, isDefault: true },
  { name: 'Partner', internal: false, isDefault: true },
  { name: 'Geschäftsführung', internal: true, isDefault: false },
] as const;

export const DEMO_USERS: {
  username: string;
  role: TRole;
  email: string;
  company: string;
  groups: string[];
}[] = [
  {
    username: 'admin',
    role: 'ROLE_ADMIN',
    email: 'admin@example.de',
    company: 'Verband Flachglas e. V.',
    groups: ['Mitglieder', 'Partner', 'Geschäftsführung'],
  },
  {
    username: 'mitglied',
    role: 'ROLE_USER',
    email: 'mitglied@example.de',
    company: 'Glaserei Beispiel GmbH',
    groups: ['Mitglieder', 'Geschäftsführung'],
  },
  {
    username: 'partner',
    role: 'ROLE_PARTNER',
    email: 'partner@example.de',
    company: 'Beispiel Versicherung AG',
    groups: ['Partner'],
  },
];

/** Seeds groups and demo accounts once, into an empty database; returns false when users already exist. */
export async function seedDemoData(accounts: AccountsService): Promise<boolean> {
  if ((await accounts.listUsers()).length > 0) return false;
  for (const group of DEMO_GROUPS) await accounts.ensureGroup(group.name, group);
  for (const user of DEMO_USERS) {
    await accounts.upsertUser({ ...user, roles: [user.role], password: DEMO_PASSWORD });
  }
  return true;
}
