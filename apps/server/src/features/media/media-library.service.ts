import { MEDIA_MESSAGES } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createMediaRepository, type MediaFileRow } from './media.repository.ts';

/**
 * The media files as downloads: by a relative link in rich text, `Kategorie/Unterkategorie/datei.pdf`, by its
 * category path and name first, else by its name alone when exactly one file has that name; or by a public
 * address.
 */
export function createMediaLibrary(deps: { db: Kysely<DB>; storage: Storage }) {
  const repo = createMediaRepository(deps.db);
  return {
    /** The file of a public address; undefined when no file has it. */
    byToken: (publicToken: string) => repo.fileByToken(publicToken),

    /** The stored bytes of a file; undefined when the storage has none. */
    read: (file: MediaFileRow) => deps.storage.read(file.storageKey).catch(() => undefined),

    async resolve(path: string): Promise<MediaFileRow> {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: no name holds a control character
      if (/[\u0000-\u001f]/.test(path)) throw notFound(MEDIA_MESSAGES.fileNotFound);
      const parts = path
        .split('/')
        .map((part) => part.trim())
        .filter(Boolean);
      const name = parts.pop();
      if (!name) throw notFound(MEDIA_MESSAGES.fileNotFound);
      if (parts.length > 0) {
        const categoryId = await repo.categoryByPath(parts);
        const file = categoryId === undefined ? undefined : await repo.fileInCategory(categoryId, name);
        if (file) return file;
      }
      const named = await repo.filesNamed(name, 2);
      if (named.length !== 1 || !named[0]) throw notFound(MEDIA_MESSAGES.fileNotFound);
      return named[0];
    },
  };
}
