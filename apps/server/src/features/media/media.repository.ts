import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB, MediaFilesTable } from '../../platform/db/schema.ts';

/** A file as the library shows it (without the hash of its content, which only the duplicate check reads). */
export type MediaFileRow = Omit<Selectable<MediaFilesTable>, 'contentHash'>;
/** What a new or changed file stores: the row, with the SHA-256 of its bytes as uploaded (null: not known). */
type MediaFileValues = Omit<MediaFileRow, 'id' | 'createdAt' | 'updatedAt'> & { contentHash?: string | null };

/** A file the duplicate check found, with its category's name. */
export interface DuplicateRow {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  contentHash: string | null;
}

export interface MediaCategoryRow {
  id: number;
  name: string;
  parentId: number | null;
  level: number;
  position: number;
  /** files directly in the category */
  mediaCount: number;
}

const FILE_COLUMNS = [
  'id',
  'name',
  'categoryId',
  'storageKey',
  'originalFilename',
  'mimeType',
  'size',
  'publicToken',
  'createdAt',
  'updatedAt',
] as const;

/** Every query on the media library's tables. */
export function createMediaRepository(db: Kysely<DB>) {
  return {
    /** The category at the end of a path of names from the root ('Dokumente', 'Formulare'), if any. */
    async categoryByPath(names: readonly string[], executor: Executor = db): Promise<number | undefined> {
      let parentId: number | null = null;
      for (const name of names) {
        const parent: number | null = parentId;
        const row = await executor
          .selectFrom('mediaCategories')
          .select('id')
          .where('name', '=', name)
          .where((eb) => (parent === null ? eb('parentId', 'is', null) : eb('parentId', '=', parent)))
          .orderBy('id')
          .executeTakeFirst();
        if (!row) return undefined;
        parentId = row.id;
      }
      return parentId ?? undefined;
    },

    fileInCategory(categoryId: number, name: string, executor: Executor = db) {
      return executor
        .selectFrom('mediaFiles')
        .selectAll()
        .where('categoryId', '=', categoryId)
        .where('name', '=', name)
        .orderBy('id')
        .executeTakeFirst();
    },

    /** Files of that name anywhere in the library (at most `limit`). */
    filesNamed(name: string, limit: number, executor: Executor = db) {
      return executor
        .selectFrom('mediaFiles')
        .selectAll()
        .where('name', '=', name)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * The files holding any of these contents (by the SHA-256 of their bytes as uploaded) anywhere in the
     * library, and those of these names (at least one) in the category; `exclude` is left out. Oldest first.
     */
    duplicatesOf(
      query: { categoryId: number; names: readonly string[]; hashes: readonly string[]; exclude?: number },
      executor: Executor = db,
    ): Promise<DuplicateRow[]> {
      const { categoryId, names, hashes, exclude } = query;
      return executor
        .selectFrom('mediaFiles')
        .innerJoin('mediaCategories', 'mediaCategories.id', 'mediaFiles.categoryId')
        .select([
          'mediaFiles.id',
          'mediaFiles.name',
          'mediaFiles.categoryId',
          'mediaCategories.name as categoryName',
          'mediaFiles.contentHash',
        ])
        .where((eb) => {
          const conditions = [
            eb.and([eb('mediaFiles.categoryId', '=', categoryId), eb('mediaFiles.name', 'in', names)]),
          ];
          if (hashes.length > 0) conditions.push(eb('mediaFiles.contentHash', 'in', hashes));
          return eb.or(conditions);
        })
        .$if(exclude !== undefined, (qb) => qb.where('mediaFiles.id', '<>', exclude ?? 0))
        .orderBy('mediaFiles.id')
        .execute();
    },

    async insertCategory(
      executor: Executor,
      values: { name: string; parentId: number | null; level?: number; position?: number },
    ): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('mediaCategories')
        .values({ level: 1, position: 999, ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Every category with the number of its own files (one grouped count, not one query per node). */
    async listCategories(executor: Executor = db): Promise<MediaCategoryRow[]> {
      const rows = await executor
        .selectFrom('mediaCategories')
        .select(['id', 'name', 'parentId', 'level', 'position'])
        .execute();
      const counts = await executor
        .selectFrom('mediaFiles')
        .select((eb) => ['categoryId', eb.fn.countAll<number>().as('count')])
        .groupBy('categoryId')
        .execute();
      const byCategory = new Map(counts.map((row) => [row.categoryId, row.count]));
      return rows.map((row) => ({ ...row, mediaCount: byCategory.get(row.id) ?? 0 }));
    },

    async updateCategory(
      executor: Executor,
      id: number,
      values: Partial<{ name: string; parentId: number | null; level: number; position: number }>,
    ): Promise<void> {
      await executor
        .updateTable('mediaCategories')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /** true when the category still holds a file or a sub-category. */
    async categoryInUse(executor: Executor, id: number): Promise<boolean> {
      const child = await executor
        .selectFrom('mediaCategories')
        .select('id')
        .where('parentId', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (child) return true;
      const file = await executor
        .selectFrom('mediaFiles')
        .select('id')
        .where('categoryId', '=', id)
        .limit(1)
        .executeTakeFirst();
      return file !== undefined;
    },

    /** Locks the category row until the transaction ends (PostgreSQL; SQLite has one writer anyway). */
    async lockCategory(executor: Executor, id: number): Promise<boolean> {
      const row = await executor
        .updateTable('mediaCategories')
        .set({ updatedAt: new Date() })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteCategory(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('mediaCategories').where('id', '=', id).execute();
    },

    /**
     * The first `limit` files of the category after the file `after` names, by name then id: a seek on
     * media_files_category_idx (category_id, name, id).
     */
    filesPage(categoryId: number, after: { id: number; name: string } | null, limit: number) {
      let query = db.selectFrom('mediaFiles').select(FILE_COLUMNS).where('categoryId', '=', categoryId);
      if (after) {
        query = query.where((eb) => eb(eb.refTuple('name', 'id'), '>', eb.tuple(after.name, after.id)));
      }
      return query.orderBy('name').orderBy('id').limit(limit).execute();
    },

    filesOfCategory(categoryId: number, executor: Executor = db) {
      return executor
        .selectFrom('mediaFiles')
        .select(FILE_COLUMNS)
        .where('categoryId', '=', categoryId)
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    fileById(id: number, executor: Executor = db) {
      return executor.selectFrom('mediaFiles').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    fileByToken(publicToken: string, executor: Executor = db) {
      return executor
        .selectFrom('mediaFiles')
        .select(FILE_COLUMNS)
        .where('publicToken', '=', publicToken)
        .executeTakeFirst();
    },

    async updateFile(
      executor: Executor,
      id: number,
      values: Partial<Omit<MediaFileValues, 'publicToken'>>,
    ): Promise<void> {
      await executor
        .updateTable('mediaFiles')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async deleteFile(executor: Executor, id: number): Promise<void> {
      await executor.deleteFrom('mediaFiles').where('id', '=', id).execute();
    },

    async insertFile(executor: Executor, values: MediaFileValues): Promise<number> {
      const now = new Date();
      const row = await executor
        .insertInto('mediaFiles')
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
