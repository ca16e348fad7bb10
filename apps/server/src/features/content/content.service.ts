import {
  CONTENT_MESSAGES,
  type TContentItem,
  type TContentItemValues,
  type TContentOrder,
} from '@portal/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { type CsvText, decodeCsv } from '../../platform/csv/decode-csv.ts';
import { type CsvLayout, eachRowSlice, scanCsv } from '../../platform/csv/parse-csv.ts';
import { createCsvCopy } from '../../platform/csv/write-csv.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import { cleanUp } from '../../platform/db/side-work.ts';
import { optionalRichText } from '../../platform/html/rich-text.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { CommitOutcome, FileStore, NewFile } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import { newKey } from '../../platform/storage/storage.ts';
import { readUpload, storedFileName, type UploadedFile } from '../../platform/uploads/multipart-file.ts';
import { createCategoryAccess } from '../categories/index.ts';
import type { SearchIndex } from '../search/index.ts';
import {
  type ContentItemRow,
  type ContentItemValues,
  createContentRepository,
  type TableRows,
} from './content.repository.ts';
import { createContentAudit } from './content-audit.ts';
import { createTableStaging, type StagedTable } from './content-staging.ts';
import { createContentTable } from './content-table.ts';
import { contentReaders } from './content-visibility.ts';

export interface ContentFeatureDeps {
  db: Kysely<DB>;
  storage: FileStore;
  signer: UrlSigner;
  search: SearchIndex;
}

const DEFAULT_POSITION = 999;
type TableColumns = Pick<
  ContentItemValues,
  'csvFile' | 'csvKey' | 'csvHeader' | 'csvRowCount' | 'csvRowBase'
>;
const NO_TABLE = { csvFile: null, csvKey: null, csvHeader: null, csvRowCount: 0, csvRowBase: 0 } as const;

/** A new table, its rows staged and its copy about to be stored. */
interface NewTable {
  staged: StagedTable;
  key: string;
  header: string[];
  fileName: string;
}

export function createContentService(deps: ContentFeatureDeps) {
  const { db, storage, search } = deps;
  const repo = createContentRepository(db);
  const table = createContentTable(repo, deps.signer);
  const categories = createCategoryAccess(db);
  const staging = createTableStaging(db, repo, search);
  const audit = createContentAudit(repo, categories);

  /** The categories whose items the principal may read (content-visibility.ts); none for some. */
  async function readable(principal: Principal): Promise<ReadonlySet<number>> {
    const readers = await contentReaders(principal, async () => (await categories.visible(principal)).keys());
    return readers?.categoryIds ?? new Set();
  }

  /** The item if the principal may read it (else 404), with the categories they see it in. */
  async function visibleItem(principal: Principal, id: number) {
    const visible = await readable(principal);
    const item = await repo.findItem(db, id);
    const filedUnder = ((await repo.categoriesOf(db, [id])).get(id) ?? []).filter((c) => visible.has(c));
    if (!item || filedUnder.length === 0) throw notFound();
    return { item, categories: filedUnder };
  }

  async function checkCategories(executor: Executor, ids: readonly number[]): Promise<void> {
    const known = await categories.existingIds(executor, ids);
    if (ids.some((id) => !known.has(id))) {
      throw badRequest(CONTENT_MESSAGES.unknownCategory, {
        'content.categories': CONTENT_MESSAGES.unknownCategory,
      });
    }
  }

  /**
   * The transaction of a save: the item's texts, position, categories, table and search documents at once.
   * With `table` the item switches to the staged rows; `csvFile: null` removes its table. Names the rows no
   * longer live.
   */
  async function commitItem(
    trx: Transaction<DB>,
    actor: Principal,
    input: TContentItemValues,
    texts: Pick<ContentItemValues, 'title' | 'preText' | 'postText'>,
    table?: NewTable,
  ): Promise<CommitOutcome<{ id: number; freed: TableRows | undefined }>> {
    const itemId = table?.staged.itemId ?? input.id;
    const current = itemId === undefined ? undefined : await repo.findItem(trx, itemId);
    if (itemId !== undefined && !current) throw notFound();
    const categoryIds = [...new Set(input.categories)];
    await checkCategories(trx, categoryIds);
    // A new item with a table exists already, hidden, for its staged rows: for the log it is new.
    const before = await audit.before(trx, actor, table?.staged.created ? undefined : current);
    let tableValues: TableColumns | undefined;
    if (table && current) {
      await staging.check(trx, current, table.staged);
      tableValues = {
        csvFile: table.fileName,
        csvKey: table.key,
        csvHeader: JSON.stringify(table.header),
        csvRowCount: table.staged.rowCount,
        csvRowBase: table.staged.base,
      };
    } else if (input.csvFile === null || !current) {
      tableValues = NO_TABLE;
    }
    const values = {
      ...texts,
      position: input.position ?? current?.position ?? DEFAULT_POSITION,
      ...tableValues,
    };
    const id = current ? current.id : await repo.insertItem(trx, { ...NO_TABLE, ...values });
    if (current) await repo.updateItem(trx, id, values);
    await repo.replaceCategories(trx, id, categoryIds);
    await search.refresh(trx, { kind: 'content', id });
    await audit.saved(trx, actor, id, before);
    const freed = current && tableValues && current.csvRowCount > 0 ? current : undefined;
    return { result: { id, freed }, replaced: current && tableValues ? [current.csvKey] : [] };
  }

  /**
   * The second pass over an uploaded CSV (the first refused a broken one): each slice of rows is staged
   * beside the live table and added to the UTF-8 copy that the download serves.
   */
  async function stageTable(
    before: ContentItemRow | undefined,
    values: ContentItemValues,
    upload: UploadedFile,
    text: CsvText,
    layout: CsvLayout,
  ): Promise<{ table: NewTable; file: NewFile }> {
    const copy = createCsvCopy(layout.header);
    const staged = await staging.stage(before, values, layout.rowCount, (write) =>
      eachRowSlice(text, layout, async (rows) => {
        copy.add(rows);
        await write(rows);
      }),
    );
    try {
      const file = { key: newKey('content', '.csv'), body: await copy.toBuffer() };
      const fileName = storedFileName(upload.filename, '.csv', 'tabelle');
      return { table: { staged, key: file.key, header: layout.header, fileName }, file };
    } catch (error) {
      await staging.discard(staged);
      throw error;
    }
  }

  const service = {
    /** GET /api/content/{categoryId}: the items of a visible category, by position. */
    async listByCategory(principal: Principal, categoryId: number): Promise<TContentItem[]> {
      const visible = await readable(principal);
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

    /** GET /api/content/{id}/rows: the page as the JSON text of TContentRows (content-table.ts). */
    async rows(
      principal: Principal,
      id: number,
      query: { offset: number; limit: number; q?: string | undefined },
    ): Promise<string> {
      return table.page((await visibleItem(principal, id)).item, query);
    },

    /**
     * Creates or updates an item. A first pass over the CSV refuses a broken or oversized one before anything
     * is written (415/400/413); a second pass stages its rows beside the live table (content-staging.ts) and
     * builds its UTF-8 copy, a slice at a time; the copy is stored; one small transaction switches the item
     * over. A failure on the way removes the new rows, the file and a hidden new item.
     */
    async save(
      principal: Principal,
      input: TContentItemValues,
      upload?: UploadedFile,
    ): Promise<TContentItem> {
      // Decoding needs the whole text: at most UPLOAD_LIMIT_MB, read from the upload's temp file.
      const text = upload ? await decodeCsv(await readUpload(upload)) : undefined;
      const layout = text === undefined ? undefined : await scanCsv(text);
      const texts = {
        title: input.title,
        preText: await optionalRichText(input.preText, 'content.preText', null),
        postText: await optionalRichText(input.postText, 'content.postText', null),
      };
      const before = input.id === undefined ? undefined : await repo.findItem(db, input.id);
      if (input.id !== undefined && !before) throw notFound();
      // Checked again in the transaction; here so that a refusal comes before 100,000 rows are written.
      await checkCategories(db, [...new Set(input.categories)]);

      const values = { ...NO_TABLE, ...texts, position: input.position ?? DEFAULT_POSITION };
      const prepared =
        upload && text && layout ? await stageTable(before, values, upload, text, layout) : undefined;
      let saved: { id: number; freed?: TableRows | undefined };
      try {
        saved = await storage.commit(prepared ? [prepared.file] : [], (trx) =>
          commitItem(trx, principal, input, texts, prepared?.table),
        );
      } catch (error) {
        if (prepared) await staging.discard(prepared.table.staged);
        throw error;
      }
      const { freed } = saved;
      // The save has committed: the replaced rows go also when its client has left meanwhile.
      if (freed) await cleanUp('removing the rows of a replaced table', () => staging.free(freed));
      return service.present(principal, saved.id);
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

    /** Deletes an item: its table's rows first, in batches, so that no statement deletes 100,000 at once. */
    async remove(principal: Principal, id: number): Promise<void> {
      const item = await repo.findItem(db, id);
      if (!item) throw notFound();
      await staging.free(item);
      const key = await db.transaction().execute(async (trx) => {
        const current = await repo.findItem(trx, id);
        if (!current) throw notFound();
        await audit.removed(trx, principal, [id]);
        await repo.deleteItems(trx, [id]);
        await search.remove(trx, 'content', [id]);
        return current.csvKey;
      });
      await storage.discard([key]);
    },

    /**
     * For category deletion by `actor`: removes the items filed only under the category (each one logged);
     * returns their stored files.
     */
    async deleteItemsOnlyIn(trx: Transaction<DB>, actor: Principal, categoryId: number): Promise<string[]> {
      const items = await repo.itemsOnlyIn(trx, categoryId);
      const ids = items.map((item) => item.id);
      await audit.removed(trx, actor, ids);
      await repo.deleteItems(trx, ids);
      await search.remove(trx, 'content', ids);
      return items.flatMap((item) => (item.csvKey ? [item.csvKey] : []));
    },

    /** Stored files of deleted tables; a file that cannot be removed now is only a leftover, never an error. */
    async discardFiles(keys: readonly string[]): Promise<void> {
      await storage.discard(keys);
    },
  };
  return service;
}

export type ContentService = ReturnType<typeof createContentService>;
