import {
  ADMIN_API,
  ERASED_MEMBER_NAME,
  type TAdminMember,
  type TAuditChanges,
  type TAuditKind,
} from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import type { Headers, World } from '../helpers/world.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A request as the web app sends it: JSON body, the caller's bearer header. */
export function call(
  w: Pick<World, 'app'>,
  method: Method,
  url: string,
  headers: Headers,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return w.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** The member as the admin API shows it. */
export async function memberOf(w: World, id: number): Promise<TAdminMember> {
  const response = await call(w, 'GET', ADMIN_API.member(id), w.as.admin);
  expect(response.statusCode).toBe(200);
  return response.json<TAdminMember>();
}

export interface AuditRow {
  id: number;
  actorId: number | null;
  kind: string;
  subjectType: string;
  subjectId: number | null;
  subjectLabel: string | null;
  changes: TAuditChanges | null;
  raw: string | null;
}

/** The audit entries of a kind (all kinds when none is given) as stored, oldest first. */
export async function auditRows(
  w: { t: { database: Pick<Database, 'db'> } },
  kind?: TAuditKind,
): Promise<AuditRow[]> {
  let query = w.t.database.db.selectFrom('auditLog').selectAll().orderBy('id');
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectLabel: row.subjectLabel,
    changes: row.changes === null ? null : (JSON.parse(row.changes) as TAuditChanges),
    raw: row.changes,
  }));
}

/** Erases a member's row as the privacy feature does (decision 0086), without going through it. */
export async function eraseRow(w: Pick<World, 't'>, id: number): Promise<void> {
  const db = w.t.database.db;
  await db.deleteFrom('userGroupMembers').where('userId', '=', id).execute();
  await db
    .updateTable('users')
    .set({
      username: ERASED_MEMBER_NAME,
      usernameKey: `ERASED#${id}`,
      email: null,
      company: null,
      passwordHash: null,
      searchKey: '',
      disabled: true,
      erasedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Each refused caller: none, a partner, a member. */
export const REFUSED = [
  ['without a token', 401, undefined],
  ['as ROLE_PARTNER', 403, 'partner'],
  ['as ROLE_USER', 403, 'mitglied'],
] as const;

export function headersOf(w: World, who: (typeof REFUSED)[number][2]): Headers {
  return who === undefined ? {} : w.as[who];
}
