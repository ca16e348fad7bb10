/**
 * Media library test data through the API (SPEC §7 Media library), as an admin creates it in the app. Specs
 * name their categories uniquely and remove them, with their files, afterwards.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiToken } from './auth.ts';
import { fixturePath } from './forums-api.ts';
import { APP_ORIGIN } from './origins.ts';

export interface TMediaNode {
  id: number;
  name: string;
  mediaCount: number;
  children: TMediaNode[];
}

export interface TMediaFile {
  id: number;
  name: string;
  category: number;
  originalFilename: string;
  url: string;
  publicPath: string;
  mimeType: string;
  size: number;
}

const MIME_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

export function flattenMedia(tree: readonly TMediaNode[]): TMediaNode[] {
  return tree.flatMap((node) => [node, ...flattenMedia(node.children)]);
}

export class MediaApi {
  private readonly request: APIRequestContext;
  private readonly headers: { authorization: string };

  private constructor(request: APIRequestContext, token: string) {
    this.request = request;
    this.headers = { authorization: `Bearer ${token}` };
  }

  static async as(request: APIRequestContext, username: string): Promise<MediaApi> {
    return new MediaApi(request, await apiToken(request, username));
  }

  async tree(): Promise<TMediaNode[]> {
    const response = await this.request.get(`${APP_ORIGIN}/api/mediaCategory/`, { headers: this.headers });
    expect(response.status()).toBe(200);
    return (await response.json()) as TMediaNode[];
  }

  /** Creates a category (at the end of its siblings); returns its id. */
  async createCategory(name: string, parentId?: number): Promise<number> {
    const response = await this.request.post(`${APP_ORIGIN}/api/mediaCategory/`, {
      headers: this.headers,
      multipart: { mediaCategory: JSON.stringify({ name, parentId }) },
    });
    expect(response.status(), await response.text()).toBe(200);
    const created = flattenMedia((await response.json()) as TMediaNode[]).filter(
      (node) => node.name === name,
    );
    expect(created).toHaveLength(1);
    return created[0]?.id ?? -1;
  }

  /** Uploads a file of test-fixtures/ (under another file name if given) as `name`. */
  async upload(categoryId: number, fixture: string, name: string, fileName?: string): Promise<TMediaFile> {
    const response = await this.request.post(`${APP_ORIGIN}/api/media/`, {
      headers: this.headers,
      multipart: {
        media: JSON.stringify({ name, category: categoryId }),
        file: {
          name: fileName ?? path.basename(fixture),
          mimeType: MIME_TYPES[path.extname(fixture)] ?? 'application/octet-stream',
          buffer: readFileSync(fixturePath(fixture)),
        },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as TMediaFile;
  }

  async files(categoryId: number): Promise<TMediaFile[]> {
    const response = await this.request.get(`${APP_ORIGIN}/api/media/${categoryId}`, {
      headers: this.headers,
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as Record<string, TMediaFile> | TMediaFile[];
    return Array.isArray(body) ? body : Object.values(body);
  }

  /** Deletes the matching categories with their files; sub-categories before their parents. */
  async removeCategories(matches: (node: TMediaNode) => boolean): Promise<void> {
    const doomed = flattenMedia(await this.tree())
      .filter(matches)
      .reverse();
    for (const category of doomed) {
      for (const file of await this.files(category.id)) {
        const response = await this.request.delete(`${APP_ORIGIN}/api/media/${file.id}`, {
          headers: this.headers,
        });
        expect([204, 404]).toContain(response.status());
      }
      const response = await this.request.delete(`${APP_ORIGIN}/api/mediaCategory/${category.id}`, {
        headers: this.headers,
      });
      expect(response.status(), await response.text()).toBe(200);
    }
  }
}
