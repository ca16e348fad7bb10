import type { TContentCategory, TContentCategoryInput } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { type MultipartFields, multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

export type Headers = Record<string, string>;

/**
 * A test app with the demo groups and one user per role and group: `mitglied` (ROLE_USER, Mitglieder),
 * `chef` (ROLE_USER, Geschäftsführung), `partner` (ROLE_PARTNER, Partner), `admin` (ROLE_ADMIN).
 */
export interface World {
  t: TestApp;
  app: FastifyInstance;
  as: { admin: Headers; mitglied: Headers; chef: Headers; partner: Headers };
  groups: { mitglieder: number; partner: number; gf: number };
}

export async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const t = await createTestApp(env);
  const { app } = t;
  const mitglieder = await app.accounts.ensureGroup('Mitglieder', { isDefault: true });
  const partner = await app.accounts.ensureGroup('Partner', { isDefault: true });
  const gf = await app.accounts.ensureGroup('Geschäftsführung', { internal: true });
  await createUser(app, { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] });
  await createUser(app, { username: 'mitglied', role: 'ROLE_USER', groups: ['Mitglieder'] });
  await createUser(app, { username: 'chef', role: 'ROLE_USER', groups: ['Geschäftsführung'] });
  await createUser(app, { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] });
  const as = {
    admin: bearer(await login(app, 'admin')),
    mitglied: bearer(await login(app, 'mitglied')),
    chef: bearer(await login(app, 'chef')),
    partner: bearer(await login(app, 'partner')),
  };
  return { t, app, as, groups: { mitglieder, partner, gf } };
}

export function saveCategory(
  app: FastifyInstance,
  headers: Headers,
  input: Partial<TContentCategoryInput> | string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/contentCategory/',
    headers,
    payload: { contentCategory: typeof input === 'string' ? input : JSON.stringify(input) },
  });
}

export function flatten(tree: readonly TContentCategory[]): TContentCategory[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

/** Creates a category as admin and returns its id (the highest in the returned tree). */
export async function createCategory(
  world: World,
  input: Partial<TContentCategoryInput> & { name: string },
): Promise<number> {
  const response = await saveCategory(world.app, world.as.admin, {
    type: 'content',
    visibleForUserGroups: [world.groups.mitglieder],
    ...input,
  });
  if (response.statusCode !== 200) throw new Error(`category not saved: ${response.body}`);
  return Math.max(...flatten(response.json<TContentCategory[]>()).map((node) => node.id));
}

export async function getTree(world: World, headers: Headers): Promise<TContentCategory[]> {
  const response = await world.app.inject({ url: '/api/contentCategory/', headers });
  if (response.statusCode !== 200) throw new Error(`tree: ${response.body}`);
  return response.json<TContentCategory[]>();
}

/** A multipart body whose files default to text/csv, as the content form sends them. */
export function multipart(fields: MultipartFields): Promise<{ headers: Headers; payload: Buffer }> {
  return multipartBody(fields, 'text/csv');
}
