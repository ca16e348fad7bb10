import { ACCOUNT_EXPORT_API, ADMIN_API, type TAccountExport } from '@portal/contract';
import { createWorld, type Headers, type World } from '../helpers/world.ts';

/**
 * `admin` (who erases), a second admin `redaktion` who writes news, the members `mitglied` and `kollege` of
 * other companies and addresses, and `partner`.
 */
const PRIVACY_USERS = [
  {
    username: 'admin',
    role: 'ROLE_ADMIN',
    email: 'admin@verband.example',
    company: 'Verband Flachglas e. V.',
  },
  {
    username: 'redaktion',
    role: 'ROLE_ADMIN',
    email: 'redaktion@verband.example',
    company: 'Verband Flachglas e. V.',
  },
  {
    username: 'mitglied',
    role: 'ROLE_USER',
    email: 'erika.muster@glaserei.example',
    company: 'Glaserei Muster GmbH',
    groups: ['Mitglieder', 'Geschäftsführung'],
  },
  {
    username: 'kollege',
    role: 'ROLE_USER',
    email: 'kollege@fensterbau.example',
    company: 'Fensterbau Süd KG',
  },
  {
    username: 'partner',
    role: 'ROLE_PARTNER',
    email: 'partner@dienstleister.example',
    company: 'Dienstleister AG',
    groups: ['Partner'],
  },
] as const;

export type PrivacyWorld = World<(typeof PRIVACY_USERS)[number]['username']>;

export function createPrivacyWorld(): Promise<PrivacyWorld> {
  return createWorld({ users: PRIVACY_USERS });
}

export function getExport(w: World<never>, headers: Headers) {
  return w.t.app.inject({ url: ACCOUNT_EXPORT_API, headers });
}

export async function exportOf(w: World<never>, headers: Headers): Promise<TAccountExport> {
  const response = await getExport(w, headers);
  if (response.statusCode !== 200) throw new Error(`export: ${response.statusCode} ${response.body}`);
  return response.json<TAccountExport>();
}

/** DELETE /api/admin/members/{id}. */
export function erase(w: World<never>, headers: Headers, id: number | string) {
  return w.t.app.inject({ method: 'DELETE', url: ADMIN_API.member(id), headers });
}

/** The member's row as the erasure leaves it. */
export function userRow(w: World<never>, id: number) {
  return w.t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The erasure entries of the audit log about the member, oldest first. */
export function erasuresOf(w: World<never>, id: number) {
  return w.t.database.db
    .selectFrom('auditLog')
    .selectAll()
    .where('kind', '=', 'member.erase')
    .where('subjectType', '=', 'member')
    .where('subjectId', '=', id)
    .orderBy('id')
    .execute();
}
