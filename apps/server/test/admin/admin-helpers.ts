import { ADMIN_API, type TAdminMember } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
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

/** Erases the member through the API, as an admin does (decision 0086). */
export async function eraseMember(w: World, id: number): Promise<void> {
  const response = await call(w, 'DELETE', ADMIN_API.member(id), w.as.admin);
  expect(response.statusCode).toBe(204);
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
