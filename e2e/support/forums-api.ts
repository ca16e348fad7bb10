/**
 * Forum test data through the API (SPEC §7 Forums), as members and admins create it in the app. Specs make
 * their own forum with a unique name and delete it afterwards, which removes its threads, posts and files.
 */
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { loginLink, type TLoginLinkExtras } from './auth.ts';
import { APP_ORIGIN } from './origins.ts';

export interface TUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export interface TThreadPage {
  id: number;
  forumId: number;
  name: string;
  postCount: number;
  pageCount: number;
  posts: { id: number; content: string; first: boolean; author: { username: string } | null }[];
}

const FIXTURES = path.resolve(import.meta.dirname, '../../test-fixtures');

/** The absolute path of a file in test-fixtures/. */
export function fixturePath(relative: string): string {
  return path.join(FIXTURES, relative);
}

export class ForumsApi {
  private readonly request: APIRequestContext;
  private readonly headers: { authorization: string };

  private constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.headers = { authorization: `Bearer ${token}` };
  }

  /** Logs in through a one-time link (the extras create or update the member, e.g. with a role). */
  static async as(
    request: APIRequestContext,
    username: string,
    extras?: TLoginLinkExtras,
  ): Promise<ForumsApi> {
    const link = new URL(await loginLink(request, username, extras));
    const response = await request.get(`${APP_ORIGIN}/api/auth/login${link.search}`);
    expect(response.status(), await response.text()).toBe(200);
    return new ForumsApi(request, ((await response.json()) as { token: string }).token);
  }

  async createForum(name: string, description = `<p>Beschreibung von ${name}</p>`): Promise<number> {
    const response = await this.request.post(`${APP_ORIGIN}/api/forum/`, {
      headers: this.headers,
      multipart: { forum: JSON.stringify({ name, description }) },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  /** Deletes forums with everything in them; missing ones are fine. */
  async deleteForums(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      const response = await this.request.delete(`${APP_ORIGIN}/api/forum/${id}`, { headers: this.headers });
      expect([204, 404]).toContain(response.status());
    }
  }

  async forumIdByName(name: string): Promise<number | undefined> {
    const response = await this.request.get(`${APP_ORIGIN}/api/forum`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { id: number; name: string }[]).find((forum) => forum.name === name)
      ?.id;
  }

  /** Starts a thread (its first post has `content`); answers its first page. */
  async createThread(
    forumId: number,
    name: string,
    content: string,
    files: TUpload[] = [],
  ): Promise<TThreadPage> {
    const multipart: Record<string, string | TUpload> = {
      forumThread: JSON.stringify({ name, content }),
      forumId: String(forumId),
    };
    files.forEach((file, index) => {
      multipart[`forumPostMedia[${index}]`] = file;
    });
    const response = await this.request.post(`${APP_ORIGIN}/api/forumThread/`, {
      headers: this.headers,
      multipart,
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as TThreadPage;
  }

  async reply(threadId: number, content: string): Promise<number> {
    const response = await this.request.post(`${APP_ORIGIN}/api/forumPost/`, {
      headers: this.headers,
      multipart: { forumPost: JSON.stringify({ content }), forumThreadId: String(threadId) },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  /** `count` replies 'Antwort {n}', sent `parallel` at a time (a 2,000-post thread takes a while otherwise). */
  async replies(threadId: number, count: number, parallel = 50, from = 1): Promise<void> {
    for (let start = 0; start < count; start += parallel) {
      const batch = Array.from({ length: Math.min(parallel, count - start) }, (_unused, offset) =>
        this.reply(threadId, `<p>Antwort ${from + start + offset}</p>`),
      );
      await Promise.all(batch);
    }
  }

  async thread(threadId: number, page: number | 'last' = 1): Promise<TThreadPage> {
    const response = await this.request.get(`${APP_ORIGIN}/api/forumThread/${threadId}?page=${page}`, {
      headers: this.headers,
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as TThreadPage;
  }
}
