import {
  CONTENT_MESSAGES,
  type TContentItem,
  type TContentItemValues,
  type TContentOrder,
  type TContentRows,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import { type CsvTable, readCsv } from '../../platform/csv/parse-csv.ts';
import { writeCsv } from '../../platform/csv/write-csv.ts';
import type { DB } from '../../platform/db/schema.ts';
import { isBlankRichText, sanitizeRichText } from '../../platform/html/sanitize.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import { commitWithFiles, discardFiles, newKey, type Storage } from '../../platform/storage/storage.ts';
import { displayFileName, type UploadedFile } from '../../platform/uploads/multipart-file.ts';
import type { Principal } from '../accounts/principal.ts';
import { createCategoryAccess } from '../categories/category-access.ts';
import { type ContentItemValues, createContentRepository } from './content.repository.ts';
import { createContentTable } from './content-table.ts';

export interface ContentFeatureDeps {
  db: Kysely<DB>;
  storage: Storage;
  signer: UrlSigner;
}

const DEFAULT_POSITION = 999;
const NO_TABLE = { csvFile: null, csvKey: null, csvHeader: null, csvRowCount: 0 } as const;

function richText(html: string | null | undefined): string | null {
  return html && !isBlankRichText(html) ? sanitizeRichText(html) : null;
}

export function createContentService(deps: ContentFeatureDeps) {
  const { db, storage } = deps;
  const repo = createContentRepository(db);
  const table = createContentTable(repo, deps.signer);
  const categories = createCategoryAccess(db);

  /** The item if one of its categories is visible to the principal (else 404), with those categories. */
  async function visibleItem(principal: Principal, id: number) {
    const visible = await categories.visible(principal);
    const item = await repo.findItem(db, id);
    const filedUnder = ((await repo.categoriesOf(db, [id])).get(id) ?? []).filter((c) => visible.has(c));
    if (!item || filedUnder.length === 0) throw notFound();
    return { item, categories: filedUnder };
  }

  async function checkCategories(trx: Transaction<DB>, ids: readonly number[]): Promise<void> {
    const known = await categories.existingIds(trx, ids);
    if (ids.some((id) => !known.has(id))) {
      throw badRequest(CONTENT_MESSAGES.unknownCategory, {
        'content.categories': CONTENT_MESSAGES.unknownCategory,
      });
    }
  }

  const service = {
    /** GET /api/content/{categoryId}: the items of a visible category, by position. */
    async listByCategory(principal: Principal, categoryId: number): Promise<TContentItem[]> {
      const visible = await categories.visible(principal);
      if (!visible.has(categoryId)) throw notFound();
      const items = await repo.itemsOfCategory(categoryId);
      const links = await repo.categoriesOf(
        db,
        items.map((item) => item.id),
      );
      const result: TContentItem[] = [];
      for (const item of items) {
        result.push(
          await table.present(
            item,
            (links.get(item.id) ?? []).filter((id) => visible.has(id)),
          ),
        );
      }
      return result;
    },

    async rows(
      principal: Principal,
      id: number,
      query: { offset: number; limit: number; q?: string | undefined },
    ): Promise<TContentRows> {
      return table.page((await visibleItem(principal, id)).item, query);
    },

    /**
     * Creates or updates an item. The CSV is parsed before anything is written (415/400/413); its UTF-8 copy
     * is stored before the transaction and removed again when the transaction fails.
     */
    async save(
      principal: Principal,
      input: TContentItemValues,
      upload?: UploadedFile,
    ): Promise<TContentItem> {
      const csv: CsvTable | undefined = upload ? readCsv(upload.data) : undefined;
      const categoryIds = [...new Set(input.categories)];
      const texts = {
        title: input.title,
        preText: richText(input.preText),
        postText: richText(input.postText),
      };
      const stored = csv
        ? { key: newKey('content', '.csv'), data: writeCsv(csv.header, csv.rows) }
        : undefined;
      const id = await commitWithFiles(storage, stored ? [stored] : [], () =>
        db.transaction().execute(async (trx) => {
          const current = input.id === undefined ? undefined : await repo.findItem(trx, input.id);
          if (input.id !== undefined && !current) throw notFound();
          await checkCategories(trx, categoryIds);
          let tableValues:
            | Pick<ContentItemValues, 'csvFile' | 'csvKey' | 'csvHeader' | 'csvRowCount'>
            | undefined;
          if (csv && stored && upload) {
            tableValues = {
              csvFile: displayFileName(upload.filename, 'tabelle.csv'),
              csvKey: stored.key,
              csvHeader: JSON.stringify(csv.header),
              csvRowCount: csv.rows.length,
            };
          } else if (input.csvFile === null || !current) {
            tableValues = NO_TABLE;
          }
          const values = {
            ...texts,
            position: input.position ?? current?.position ?? DEFAULT_POSITION,
            ...tableValues,
          };
          const itemId = current ? current.id : await repo.insertItem(trx, { ...NO_TABLE, ...values });
          if (current) await repo.updateItem(trx, itemId, values);
          await repo.replaceCategories(trx, itemId, categoryIds);
          if (tableValues) await repo.replaceRows(trx, itemId, csv?.rows ?? []);
          return { result: itemId, replaced: current && tableValues ? [current.csvKey] : [] };
        }),
      );
      return service.present(principal, id);
    },

    async present(principal: Principal, id: number): Promise<TContentItem> {
      const { item, categories: filedUnder } = await visibleItem(principal, id);
      return table.present(item, filedUnder);
    },

    /** POST /api/content/saveTree/: positions 0, 1, … in the order given. */
    async order(list: readonly { id: number }[]): Promise<TContentOrder> {
      const ids = list.map((entry) => entry.id);
      const invalid = () =>
        badRequest(CONTENT_MESSAGES.invalidOrder, { contentList: CONTENT_MESSAGES.invalidOrder });
      if (new Set(ids).size !== ids.length) throw invalid();
      await db.transaction().execute(async (trx) => {
        const known = await repo.existingIds(trx, ids);
        if (ids.some((id) => !known.has(id))) throw invalid();
        for (const [position, id] of ids.entries()) await repo.updateItem(trx, id, { position });
      });
      return ids.map((id, position) => ({ id, position }));
    },

    async remove(id: number): Promise<void> {
      const key = await db.transaction().execute(async (trx) => {
        const item = await repo.findItem(trx, id);
        if (!item) throw notFound();
        await repo.deleteItems(trx, [id]);
        return item.csvKey;
      });
      await discardFiles(storage, [key]);
    },

    /** For category deletion: removes the items filed only under the category; returns their stored files. */
    async deleteItemsOnlyIn(trx: Transaction<DB>, categoryId: number): Promise<string[]> {
      const items = await repo.itemsOnlyIn(trx, categoryId);
      await repo.deleteItems(
        trx,
        items.map((item) => item.id),
      );
      return items.flatMap((item) => (item.csvKey ? [item.csvKey] : []));
    },

    /** Stored files of deleted tables; a file that cannot be removed now is only a leftover, never an error. */
    async discardFiles(keys: readonly string[]): Promise<void> {
      await discardFiles(storage, keys);
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;
