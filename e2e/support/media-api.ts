/**
 * Media library test data through the API (SPEC §7 Media library), as an admin creates it in the app. Specs
 * name their categories uniquely and remove them, with their files, afterwards.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { MEDIA_API } from '@portal/contract';
import { ApiClient } from './api-client.ts';
import { fixturePath, flatten } from './test-data.ts';
import { withTreeLock } from './tree-lock.ts';

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

export class MediaApi extends ApiClient {
  tree(): Promise<TMediaNode[]> {
    return this.get<TMediaNode[]>(MEDIA_API.categories);
  }

  /** Creates a category (at the end of its siblings); returns its id. */
  async createCategory(name: string, parentId?: number): Promise<number> {
    const tree = await this.postForm<TMediaNode[]>(MEDIA_API.categories, {
      mediaCategory: JSON.stringify({ name, parentId }),
    });
    const created = flatten(tree).filter((node) => node.name === name);
    expect(created).toHaveLength(1);
    return created[0]?.id ?? -1;
  }

  /** Uploads a file of test-fixtures/ (under another file name if given) as `name`. */
  upload(categoryId: number, fixture: string, name: string, fileName?: string): Promise<TMediaFile> {
    return this.postForm<TMediaFile>(MEDIA_API.files, {
      media: JSON.stringify({ name, category: categoryId }),
      file: {
        name: fileName ?? path.basename(fixture),
        mimeType: MIME_TYPES[path.extname(fixture)] ?? 'application/octet-stream',
        buffer: readFileSync(fixturePath(fixture)),
      },
    });
  }

  async files(categoryId: number): Promise<TMediaFile[]> {
    const body = await this.get<Record<string, TMediaFile> | TMediaFile[]>(MEDIA_API.file(categoryId));
    return Array.isArray(body) ? body : Object.values(body);
  }

  /**
   * Deletes the matching categories with their files; sub-categories before their parents. Holds the tree's
   * lock, so that no drag running beside saves a tree that names them (tree-lock.ts).
   */
  async removeCategories(matches: (node: TMediaNode) => boolean): Promise<void> {
    await withTreeLock('media', async () => {
      const doomed = flatten(await this.tree())
        .filter(matches)
        .reverse();
      for (const category of doomed) {
        for (const file of await this.files(category.id)) {
          await this.delete(MEDIA_API.file(file.id), { expect: [204, 404] });
        }
        await this.delete(MEDIA_API.category(category.id));
      }
    });
  }
}
