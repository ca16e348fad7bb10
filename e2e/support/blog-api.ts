/**
 * News posts and the dashboard intro through the API, as an admin would create them in the app. Specs create
 * posts with tags of their own (unique per run) and delete them by those tags afterwards.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { loginLink } from './auth.ts';
import { APP_ORIGIN } from './origins.ts';

export interface TPostFixture {
  title: string;
  preText?: string;
  content?: string;
  tags?: string[];
  /** Group names; default: the default groups (Mitglieder, Partner) */
  groups?: string[];
  publishedAt?: string;
  displayOnDashboard?: boolean;
}

interface TBlogGroup {
  id: number;
  name: string;
}

/** News posts through the API (POST /api/blog/ multipart, DELETE /api/blog/{id}). */
export class BlogApi {
  private readonly request: APIRequestContext;
  private readonly headers: { authorization: string };

  private constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.headers = { authorization: `Bearer ${token}` };
  }

  static async as(request: APIRequestContext, username: string): Promise<BlogApi> {
    const link = new URL(await loginLink(request, username));
    const response = await request.get(`${APP_ORIGIN}/api/auth/login${link.search}`);
    expect(response.status(), await response.text()).toBe(200);
    return new BlogApi(request, ((await response.json()) as { token: string }).token);
  }

  private async formData(): Promise<{ userGroups: TBlogGroup[]; defaultUserGroups: number[] }> {
    const response = await this.request.get(`${APP_ORIGIN}/api/blog/formData`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as { userGroups: TBlogGroup[]; defaultUserGroups: number[] };
  }

  /** Creates a post (published a minute ago unless told otherwise); returns its id. */
  async createPost(fixture: TPostFixture): Promise<number> {
    const { userGroups, defaultUserGroups } = await this.formData();
    const groupIds = fixture.groups
      ? fixture.groups.map((name) => userGroups.find((group) => group.name === name)?.id ?? -1)
      : defaultUserGroups;
    const blog = {
      title: fixture.title,
      preText: fixture.preText ?? `<p>Einleitung zu ${fixture.title}</p>`,
      content: fixture.content ?? `<p>Inhalt von ${fixture.title}</p>`,
      tags: fixture.tags ?? [],
      visibleForUserGroups: groupIds,
      publishedAt: fixture.publishedAt ?? new Date(Date.now() - 60_000).toISOString(),
      displayOnDashboard: fixture.displayOnDashboard ?? true,
    };
    const response = await this.request.post(`${APP_ORIGIN}/api/blog/`, {
      headers: this.headers,
      multipart: { blog: JSON.stringify(blog) },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  /** Ids of the posts with a tag (every page of the plain list and of FMK-Intern). */
  async postIdsTagged(tag: string): Promise<number[]> {
    const ids: number[] = [];
    for (const ceo of [false, true]) {
      for (let page = 1; ; page += 1) {
        const query = new URLSearchParams({ tag, page: String(page), ...(ceo ? { ceo: 'true' } : {}) });
        const response = await this.request.get(`${APP_ORIGIN}/api/blog/?${query}`, {
          headers: this.headers,
        });
        expect(response.status()).toBe(200);
        const { items } = (await response.json()) as { items: { id: number }[] };
        if (items.length === 0) break;
        ids.push(...items.map((item) => item.id));
      }
    }
    return [...new Set(ids)];
  }

  /** Deletes posts; missing ones are fine. */
  async deletePosts(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      const response = await this.request.delete(`${APP_ORIGIN}/api/blog/${id}`, { headers: this.headers });
      expect([204, 404]).toContain(response.status());
    }
  }

  async intro(): Promise<string> {
    const response = await this.request.get(`${APP_ORIGIN}/api/dashboard/intro`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { html: string }).html;
  }

  async saveIntro(html: string): Promise<void> {
    const response = await this.request.put(`${APP_ORIGIN}/api/dashboard/intro`, {
      headers: this.headers,
      data: { html },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}
