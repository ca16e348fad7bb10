import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TBlog, TBlogInput, TBlogPage } from '@portal/contract';
import { bearer, createUser, login } from '../helpers/factories.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

export type Headers = Record<string, string>;

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test-fixtures');

export function fixture(relative: string): Buffer {
  return readFileSync(path.join(fixtures, relative));
}

/**
 * A test app with the demo groups and one user per role and group: `admin` (ROLE_ADMIN, Mitglieder),
 * `mitglied` (ROLE_USER, Mitglieder), `chef` (ROLE_USER, Geschäftsführung = internal), `beide` (ROLE_USER,
 * Mitglieder and Geschäftsführung), `partner` (ROLE_PARTNER, Partner).
 */
export interface BlogWorld {
  t: TestApp;
  as: { admin: Headers; mitglied: Headers; chef: Headers; beide: Headers; partner: Headers };
  groups: { mitglieder: number; partner: number; gf: number };
}

export async function createBlogWorld(env: Record<string, string> = {}): Promise<BlogWorld> {
  const t = await createTestApp(env);
  const { app } = t;
  const mitglieder = await app.accounts.ensureGroup('Mitglieder', { isDefault: true });
  const partner = await app.accounts.ensureGroup('Partner', { isDefault: true });
  const gf = await app.accounts.ensureGroup('Geschäftsführung', { internal: true });
  await createUser(app, { username: 'admin', role: 'ROLE_ADMIN', groups: ['Mitglieder'] });
  await createUser(app, { username: 'mitglied', role: 'ROLE_USER', groups: ['Mitglieder'] });
  await createUser(app, { username: 'chef', role: 'ROLE_USER', groups: ['Geschäftsführung'] });
  await createUser(app, { username: 'beide', role: 'ROLE_USER', groups: ['Mitglieder', 'Geschäftsführung'] });
  await createUser(app, { username: 'partner', role: 'ROLE_PARTNER', groups: ['Partner'] });
  const as = {
    admin: bearer(await login(app, 'admin')),
    mitglied: bearer(await login(app, 'mitglied')),
    chef: bearer(await login(app, 'chef')),
    beide: bearer(await login(app, 'beide')),
    partner: bearer(await login(app, 'partner')),
  };
  return { t, as, groups: { mitglieder, partner, gf } };
}

export interface ImageUpload {
  filename: string;
  data: Buffer;
  type?: string;
}

/** POST /api/blog/ as the web app sends it: multipart with `blog` JSON and optionally `image`. */
export async function savePost(
  w: BlogWorld,
  headers: Headers,
  blog: Partial<TBlogInput> | string,
  image?: ImageUpload,
) {
  const body = await multipartBody({
    blog: typeof blog === 'string' ? blog : JSON.stringify(blog),
    ...(image ? { image: { type: 'image/png', ...image } } : {}),
  });
  return w.t.app.inject({
    method: 'POST',
    url: '/api/blog/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

export const HOUR = 60 * 60 * 1000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A valid post for the Mitglieder group, published an hour ago, with the overrides given. */
export function postInput(w: BlogWorld, overrides: Partial<TBlogInput> = {}): Partial<TBlogInput> {
  return {
    title: 'Neuigkeiten aus dem Verband',
    preText: '<p>Kurz gesagt: es gibt Neues.</p>',
    content: '<p>Der ganze Beitrag.</p>',
    visibleForUserGroups: [w.groups.mitglieder],
    publishedAt: ago(HOUR),
    tags: [],
    ...overrides,
  };
}

/** Creates a post as admin and returns it. */
export async function createPost(
  w: BlogWorld,
  overrides: Partial<TBlogInput> = {},
  image?: ImageUpload,
): Promise<TBlog> {
  const response = await savePost(w, w.as.admin, postInput(w, overrides), image);
  if (response.statusCode !== 200) throw new Error(`post not saved: ${response.statusCode} ${response.body}`);
  return response.json<TBlog>();
}

export async function listPosts(w: BlogWorld, headers: Headers, query = ''): Promise<TBlogPage> {
  const response = await w.t.app.inject({ url: `/api/blog/${query ? `?${query}` : ''}`, headers });
  if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
  return response.json<TBlogPage>();
}

export const titles = (posts: readonly TBlog[]) => posts.map((post) => post.title);
