/**
 * Set-up rows written straight into the tables (Outline's `buildUser(overrides)`): a test names only what
 * matters to it, every other column takes a valid default. No route or service runs, so nothing else happens
 * either: no search document, audit entry, stored file, mail or follow. A test about any of those sets up
 * through the API. Writes go through the app's own connection, so its kept answers are dropped as after any
 * write. Here members and groups; news posts, categories and pages in builders-content.ts, events in
 * builders-events.ts, forums and media in builders-forums-media.ts.
 */
import { memberSearchKey, usernameKey } from '../../src/features/accounts/index.ts';
import type { TestApp } from './test-app.ts';

/** A World, or anything else that holds a test app. */
export type Builder = { t: Pick<TestApp, 'database' | 'app'> };

/** What a builder answers: the row's id and its name. */
export interface Built {
  id: number;
  name: string;
}

/** A moment as tests write it: a Date or an ISO string. */
export type Moment = Date | string;

export const at = (moment: Moment | undefined, fallback = new Date()) =>
  moment === undefined ? fallback : new Date(moment);

let sequence = 0;
/** A number no other builder of this process handed out: unique names without a test naming them. */
export function nextNumber(): number {
  sequence += 1;
  return sequence;
}

export const dbOf = (w: Builder) => w.t.database.db;

/** The ids of the groups named (each must exist). */
export async function groupIds(w: Builder, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const rows = await dbOf(w)
    .selectFrom('userGroups')
    .select(['id', 'name'])
    .where('name', 'in', names)
    .execute();
  return names.map((name) => {
    const row = rows.find((group) => group.name === name);
    if (!row) throw new Error(`no group ${name}`);
    return row.id;
  });
}

/** A group; not internal, not a default group. */
export async function buildGroup(
  w: Builder,
  overrides: { name?: string; internal?: boolean; isDefault?: boolean } = {},
): Promise<Built> {
  const name = overrides.name ?? `Gruppe ${nextNumber()}`;
  const row = await dbOf(w)
    .insertInto('userGroups')
    .values({
      name,
      internal: overrides.internal ?? false,
      isDefault: overrides.isDefault ?? false,
      createdAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name };
}

/** A member (ROLE_USER in 'Mitglieder') without password, as a host login leaves one. */
export async function buildUser(
  w: Builder,
  overrides: {
    username?: string;
    role?: string;
    groups?: readonly string[];
    email?: string | null;
    company?: string | null;
    disabled?: boolean;
    createdAt?: Moment;
    lastLoginAt?: Moment;
  } = {},
): Promise<{ id: number; username: string }> {
  const username = overrides.username ?? `mitglied${nextNumber()}`;
  const contact = {
    username,
    email: overrides.email === undefined ? `${username}@example.de` : overrides.email,
    company: overrides.company === undefined ? 'Glas GmbH' : overrides.company,
  };
  const createdAt = at(overrides.createdAt);
  const row = await dbOf(w)
    .insertInto('users')
    .values({
      ...contact,
      usernameKey: usernameKey(username),
      searchKey: memberSearchKey(contact),
      role: overrides.role ?? 'ROLE_USER',
      passwordHash: null,
      disabled: overrides.disabled ?? false,
      createdAt,
      updatedAt: createdAt,
      lastLoginAt: overrides.lastLoginAt === undefined ? null : at(overrides.lastLoginAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groups = await groupIds(w, overrides.groups ?? ['Mitglieder']);
  if (groups.length > 0) {
    await dbOf(w)
      .insertInto('userGroupMembers')
      .values(groups.map((groupId) => ({ userId: row.id, groupId })))
      .execute();
  }
  return { id: row.id, username };
}
