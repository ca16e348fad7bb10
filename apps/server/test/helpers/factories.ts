import type { TRole, TTokenPair } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../src/platform/auth/secrets.ts';
import { TEST_API_KEY, type TestApp } from './test-app.ts';

let sequence = 0;

export interface TestUser {
  id: number;
  username: string;
}

/** A user without password (logs in through the host's API key), unless one is given. */
export async function createUser(
  app: FastifyInstance,
  overrides: {
    username?: string;
    role?: TRole;
    groups?: string[];
    email?: string;
    company?: string;
    password?: string;
  } = {},
): Promise<TestUser> {
  sequence += 1;
  const username = overrides.username ?? `user${sequence}`;
  const { id } = await app.accounts.upsertUser({
    username,
    email: overrides.email ?? `${username}@example.de`,
    company: overrides.company ?? 'Glas GmbH',
    roles: [overrides.role ?? 'ROLE_USER'],
    groups: overrides.groups ?? ['Mitglieder'],
    ...(overrides.password ? { password: overrides.password } : {}),
  });
  return { id, username };
}

/** The token in a login link. */
export function tokenOfLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export async function loginLink(app: FastifyInstance, username: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/external/generate/login',
    headers: { authorization: `Bearer ${TEST_API_KEY}` },
    payload: { username },
  });
  if (response.statusCode !== 200) throw new Error(`login link failed: ${response.body}`);
  return response.json<{ link: string }>().link;
}

/** Logs the user in the way the web app does: link → GET /api/auth/login → token pair. */
export async function login(app: FastifyInstance, username: string): Promise<TTokenPair> {
  const token = tokenOfLink(await loginLink(app, username));
  const response = await app.inject({ method: 'GET', url: `/api/auth/login?token=${token}` });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<TTokenPair>();
}

export function bearer(pair: TTokenPair): { authorization: string } {
  return { authorization: `BEARER ${pair.token}` };
}

/** Moves the moment a refresh token was used into the past, as if the client came back that much later. */
export async function usedSecondsAgo(t: TestApp, refreshToken: string, seconds: number): Promise<void> {
  await t.database.db
    .updateTable('refreshTokens')
    .set({ usedAt: new Date(Date.now() - seconds * 1000) })
    .where('tokenHash', '=', hashToken(refreshToken))
    .execute();
}

/** The id of the user named `username`. */
export async function userId(w: { t: Pick<TestApp, 'database'> }, username: string): Promise<number> {
  const row = await w.t.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}
