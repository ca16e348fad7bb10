/**
 * Categories and content items with CSV tables through the API, as an admin creates them in the app. Specs
 * create their own data with unique names and remove it afterwards, so they neither depend on nor disturb the
 * demo content that other specs read.
 */
import { expect } from '@playwright/test';
import { CATEGORY_API, CONTENT_API } from '@portal/contract';
import { ApiClient, type TMultipart } from './api-client.ts';
import { flatten } from './test-data.ts';
import { withTreeLock } from './tree-lock.ts';

export interface TTreeNode {
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
  /** Group ids; default: the default groups */
  visibleForUserGroups?: number[];
}

export interface TCsvFile {
  name: string;
  content: string;
  mimeType?: string;
}

export class ContentApi extends ApiClient {
  tree(): Promise<TTreeNode[]> {
    return this.get<TTreeNode[]>(CATEGORY_API.tree);
  }

  async defaultGroups(): Promise<number[]> {
    return (await this.get<{ defaultUserGroups: number[] }>(CATEGORY_API.formData)).defaultUserGroups;
  }

  /** Creates a category visible to the default groups (unless told otherwise); returns its id. */
  async createCategory(fixture: TCategoryFixture): Promise<number> {
    const contentCategory = {
      type: 'content',
      visibleForUserGroups: await this.defaultGroups(),
      ...fixture,
    };
    const tree = await this.postForm<TTreeNode[]>(CATEGORY_API.tree, {
      contentCategory: JSON.stringify(contentCategory),
    });
    const created = flatten(tree).filter((node) => node.name === fixture.name);
    expect(created).toHaveLength(1);
    return created[0]?.id ?? -1;
  }

  /**
   * Deletes categories, children before their parents; missing ones are fine. Holds the tree's lock, so that
   * no drag running beside saves a tree that names them (tree-lock.ts).
   */
  async deleteCategories(ids: readonly number[]): Promise<void> {
    await withTreeLock('content', async () => {
      for (const id of ids) await this.delete(CATEGORY_API.byId(id), { expect: [200, 404] });
    });
  }

  /** Creates a content item in a category, optionally with a CSV table; returns its id. */
  async createItem(
    categoryId: number,
    item: { title: string; preText?: string; postText?: string; position?: number },
    csv?: TCsvFile,
  ): Promise<number> {
    const multipart: TMultipart = { content: JSON.stringify({ ...item, categories: [categoryId] }) };
    if (csv) {
      multipart.csvFile = {
        name: csv.name,
        mimeType: csv.mimeType ?? 'text/csv',
        buffer: Buffer.from(csv.content, 'utf8'),
      };
    }
    return (await this.postForm<{ id: number }>(CONTENT_API.save, multipart, { timeout: 60_000 })).id;
  }

  async itemTitles(categoryId: number): Promise<string[]> {
    const items = await this.get<{ title: string }[]>(CONTENT_API.byCategory(categoryId));
    return items.map((item) => item.title);
  }
}
