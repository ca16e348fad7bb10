/**
 * Test data through the API, as an admin would create it in the app: categories and content items with
 * CSV tables. Specs create their own data with unique names and remove it afterwards, so they neither
 * depend on nor disturb the demo content that other specs read.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { loginLink } from './auth.ts';
import { APP_ORIGIN } from './origins.ts';

interface TTreeNode {
  id: number;
  name: string;
  description: string | null;
  children: TTreeNode[];
}

export interface TCategoryFixture {
  name: string;
  type?: 'content' | 'url';
  url?: string;
  parentId?: number;
  showInQuickAccess?: boolean;
  position?: number;
}

export interface TCsvFile {
  name: string;
  content: string;
  mimeType?: string;
}

/** A short unique suffix, so that names of parallel and repeated runs never meet. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function flatten(tree: readonly TTreeNode[]): TTreeNode[] {
  return tree.flatMap((node) => [node, ...flatten(node.children)]);
}

export class PortalApi {
  private readonly request: APIRequestContext;
  private readonly token: string;

  private constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.token = token;
  }

  /** Logs in through a one-time link, as the browser does, and keeps the access token. */
  static async as(request: APIRequestContext, username: string): Promise<PortalApi> {
    const link = new URL(await loginLink(request, username));
    const response = await request.get(`${APP_ORIGIN}/api/auth/login${link.search}`);
    expect(response.status(), await response.text()).toBe(200);
    const { token } = (await response.json()) as { token: string };
    return new PortalApi(request, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async tree(): Promise<TTreeNode[]> {
    const response = await this.request.get(`${APP_ORIGIN}/api/contentCategory/`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as TTreeNode[];
  }

  async defaultGroups(): Promise<number[]> {
    const response = await this.request.get(`${APP_ORIGIN}/api/contentCategory/formData`, {
      headers: this.headers,
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { defaultUserGroups: number[] }).defaultUserGroups;
  }

  /** Creates a category visible to the default groups; returns its id. */
  async createCategory(fixture: TCategoryFixture): Promise<number> {
    const contentCategory = {
      type: 'content',
      visibleForUserGroups: await this.defaultGroups(),
      ...fixture,
    };
    const response = await this.request.post(`${APP_ORIGIN}/api/contentCategory/`, {
      headers: this.headers,
      multipart: { contentCategory: JSON.stringify(contentCategory) },
    });
    expect(response.status(), await response.text()).toBe(200);
    const created = flatten((await response.json()) as TTreeNode[]).filter(
      (node) => node.name === fixture.name,
    );
    expect(created).toHaveLength(1);
    return created[0]?.id ?? -1;
  }

  /** Deletes categories, children before their parents; missing ones are fine. */
  async deleteCategories(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      const response = await this.request.delete(`${APP_ORIGIN}/api/contentCategory/${id}`, {
        headers: this.headers,
      });
      expect([200, 404]).toContain(response.status());
    }
  }

  /** Creates a content item in a category, optionally with a CSV table; returns its id. */
  async createItem(
    categoryId: number,
    item: { title: string; preText?: string; postText?: string; position?: number },
    csv?: TCsvFile,
  ): Promise<number> {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
      content: JSON.stringify({ ...item, categories: [categoryId] }),
    };
    if (csv) {
      multipart.csvFile = {
        name: csv.name,
        mimeType: csv.mimeType ?? 'text/csv',
        buffer: Buffer.from(csv.content, 'utf8'),
      };
    }
    const response = await this.request.post(`${APP_ORIGIN}/api/content/`, {
      headers: this.headers,
      multipart,
      timeout: 60_000,
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { id: number }).id;
  }

  async itemTitles(categoryId: number): Promise<string[]> {
    const response = await this.request.get(`${APP_ORIGIN}/api/content/${categoryId}`, {
      headers: this.headers,
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { title: string }[]).map((item) => item.title);
  }
}
