import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, MediaFilesTable } from '../../platform/db/schema.ts';

export type Executor = Kysely<DB> | Transaction<DB>;
export type MediaFileRow = Selectable<MediaFilesTable>;

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

    async insertFile(
      executor: Executor,
      values: Omit<MediaFileRow, 'id' | 'createdAt' | 'updatedAt'>,
    ): Promise<number> {
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

export type MediaRepository = ReturnType<typeof createMediaRepository>;
