import {
  MEDIA_MESSAGES,
  type TMediaDuplicate,
  type TMediaDuplicates,
  type ZMediaDuplicatesQuery,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { createMediaRepository, type DuplicateRow } from './media.repository.ts';

/** Files of the same content named per chosen file: enough to decide, not a list of every copy. */
const SAME_CONTENT_SHOWN = 5;

const shown = (row: DuplicateRow): TMediaDuplicate => ({
  id: row.id,
  name: row.name,
  category: row.categoryId,
  categoryName: row.categoryName,
});

/**
 * The media library's duplicate check (issue 31, decision 0126): before an upload the web app asks which of
 * the chosen files the library holds already, by the SHA-256 of their bytes (anywhere) and by the name they
 * are to get (in the category they go to). The admin then decides; the upload itself refuses nothing.
 */
export function createMediaDuplicates(db: Kysely<DB>) {
  const repo = createMediaRepository(db);
  return {
    async check(query: z.output<typeof ZMediaDuplicatesQuery>): Promise<TMediaDuplicates> {
      const known = await db
        .selectFrom('mediaCategories')
        .select('id')
        .where('id', '=', query.category)
        .executeTakeFirst();
      if (!known) {
        throw badRequest(MEDIA_MESSAGES.unknownCategory, { category: MEDIA_MESSAGES.unknownCategory });
      }
      const hashes = query.files.flatMap((file) => (file.sha256 ? [file.sha256] : []));
      const rows = await repo.duplicatesOf({
        categoryId: query.category,
        names: [...new Set(query.files.map((file) => file.name))],
        hashes: [...new Set(hashes)],
        ...(query.exclude === undefined ? {} : { exclude: query.exclude }),
      });
      return {
        files: query.files.map((file) => ({
          sameContent: rows
            .filter((row) => file.sha256 !== undefined && row.contentHash === file.sha256)
            .slice(0, SAME_CONTENT_SHOWN)
            .map(shown),
          sameName: rows
            .filter((row) => row.categoryId === query.category && row.name === file.name)
            .map(shown),
        })),
      };
    },
  };
}
