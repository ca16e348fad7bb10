import { BLOG_API, type TBlog, type TBlogInput, type TBlogPage } from '@portal/contract';
import type { Headers, Upload, World } from '../helpers/world.ts';

/** POST /api/blog/ as the web app sends it: multipart with `blog` JSON and optionally `image`. */
export async function savePost(
  w: World<never>,
  headers: Headers,
  blog: Partial<TBlogInput> | string,
  image?: Upload,
) {
  return w.postMultipart(BLOG_API.save, headers, {
    blog: typeof blog === 'string' ? blog : JSON.stringify(blog),
    ...(image ? { image: { type: 'image/png', ...image } } : {}),
  });
}

export const HOUR = 60 * 60 * 1000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A valid post for the Mitglieder group, published an hour ago, with the overrides given. */
export function postInput(w: World<never>, overrides: Partial<TBlogInput> = {}): Partial<TBlogInput> {
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
  w: World<'admin'>,
  overrides: Partial<TBlogInput> = {},
  image?: Upload,
): Promise<TBlog> {
  const response = await savePost(w, w.as.admin, postInput(w, overrides), image);
  if (response.statusCode !== 200) throw new Error(`post not saved: ${response.statusCode} ${response.body}`);
  return response.json<TBlog>();
}

export async function listPosts(w: World<never>, headers: Headers, query = ''): Promise<TBlogPage> {
  return w.json<TBlogPage>(`${BLOG_API.list}${query ? `?${query}` : ''}`, headers);
}

export const titles = (posts: readonly TBlog[]) => posts.map((post) => post.title);
