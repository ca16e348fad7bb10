import { randomBytes } from 'node:crypto';
import {
  MEDIA_API,
  MEDIA_FILES_PAGE_SIZE,
  MEDIA_MESSAGES,
  mediaFilesCursor,
  parseMediaFilesCursor,
  portalAddress,
  type TMediaFile,
  type TMediaFileMap,
  type TMediaFilesQuery,
  type TMediaFileValues,
} from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { FileStore, NewFile } from '../../platform/storage/file-store.ts';
import { bodySize, newKey } from '../../platform/storage/storage.ts';
import { storedFileName, type UploadedFile } from '../../platform/uploads/multipart-file.ts';
import { cleanUpload, sniffUpload } from '../../platform/uploads/sniff.ts';
import { uploadSha256 } from '../../platform/uploads/upload-hash.ts';
import type { SearchIndex } from '../search/index.ts';
import { createMediaRepository, type MediaFileRow } from './media.repository.ts';
import { createMediaAudit } from './media-audit.ts';

export interface MediaFilesDeps {
  db: Kysely<DB>;
  storage: FileStore;
  publicUrl: string;
  search: SearchIndex;
}

/** A new public token: 192 random bits, URL-safe; it never changes for the life of the entry. */
export const newPublicToken = () => randomBytes(24).toString('base64url');

const publicPathOf = (publicToken: string) => `${MEDIA_API.publicPrefix}${publicToken}`;

/** An upload checked by content and cleaned of metadata, not yet stored. */
interface PreparedFile extends NewFile {
  originalFilename: string;
  mimeType: string;
  /** SHA-256 of the bytes as uploaded (before the metadata went): what the duplicate check compares */
  contentHash: string;
}

async function prepare(upload: UploadedFile): Promise<PreparedFile> {
  const sniffed = await sniffUpload(upload, ['jpeg', 'png', 'gif', 'pdf'], MEDIA_MESSAGES.fileType);
  return {
    body: await cleanUpload(upload, sniffed.kind),
    key: newKey('media', sniffed.extension),
    originalFilename: storedFileName(upload.filename, sniffed.extension, 'datei'),
    mimeType: sniffed.mimeType,
    contentHash: await uploadSha256(upload),
  };
}

/** Media files (SPEC §7): list by category, save with upload or replacement, delete. */
export function createMediaFilesService(deps: MediaFilesDeps) {
  const { db, storage, search } = deps;
  const repo = createMediaRepository(db);
  const audit = createMediaAudit(repo);

  const present = (row: MediaFileRow): TMediaFile => ({
    id: row.id,
    name: row.name,
    category: row.categoryId,
    originalFilename: row.originalFilename,
    url: portalAddress(publicPathOf(row.publicToken), deps.publicUrl),
    publicPath: publicPathOf(row.publicToken),
    mimeType: row.mimeType,
    size: row.size,
  });

  const service = {
    /**
     * The files of a category keyed by id; 404 for an unknown category. With `limit` (or `after`) one page
     * of them, by name then id, and the cursor of the next page when there is one (issue 19).
     */
    async list(
      categoryId: number,
      query: TMediaFilesQuery = {},
    ): Promise<{ files: TMediaFileMap; next: string | null }> {
      const known = await db
        .selectFrom('mediaCategories')
        .select('id')
        .where('id', '=', categoryId)
        .executeTakeFirst();
      if (!known) throw notFound();
      const files: TMediaFileMap = {};
      if (query.limit === undefined && query.after === undefined) {
        for (const row of await repo.filesOfCategory(categoryId)) files[String(row.id)] = present(row);
        return { files, next: null };
      }
      const limit = query.limit ?? MEDIA_FILES_PAGE_SIZE;
      const after = query.after === undefined ? null : parseMediaFilesCursor(query.after);
      // one more than the page: whether another page follows
      const rows = await repo.filesPage(categoryId, after, limit + 1);
      const page = rows.slice(0, limit);
      for (const row of page) files[String(row.id)] = present(row);
      const last = page.at(-1);
      return { files, next: rows.length > limit && last ? mediaFilesCursor(last) : null };
    },

    /**
     * Creates (file required) or updates an entry. A new binary gets a new storage key but keeps the entry's
     * public token, so the address stays. The file is checked before anything is written; storage.commit
     * stores it and runs the transaction (file-store.ts): a failed save removes it again, a replaced one
     * goes after the commit.
     */
    async save(
      actor: Principal,
      input: TMediaFileValues,
      upload: UploadedFile | undefined,
    ): Promise<TMediaFile> {
      const id = input.id ?? undefined;
      if (id === undefined && !upload) {
        throw badRequest(MEDIA_MESSAGES.fileRequired, { file: MEDIA_MESSAGES.fileRequired });
      }
      const file = upload ? await prepare(upload) : undefined;
      const savedId = await storage.commit(file ? [file] : [], async (trx) => {
        // Locks the category: a deletion of it waits for this upload, or this upload sees it gone.
        if (!(await repo.lockCategory(trx, input.category))) {
          throw badRequest(MEDIA_MESSAGES.unknownCategory, {
            'media.category': MEDIA_MESSAGES.unknownCategory,
          });
        }
        const binary = file
          ? {
              storageKey: file.key,
              originalFilename: file.originalFilename,
              mimeType: file.mimeType,
              size: bodySize(file.body),
              contentHash: file.contentHash,
            }
          : undefined;
        if (id === undefined) {
          if (!binary) throw new Error('unreachable: a new file without upload');
          const newId = await repo.insertFile(trx, {
            name: input.name,
            categoryId: input.category,
            publicToken: newPublicToken(),
            ...binary,
          });
          await search.refresh(trx, { kind: 'media', id: newId });
          await audit.fileSaved(trx, actor, newId, undefined);
          return { result: newId, replaced: [] };
        }
        const current = await repo.fileById(id, trx);
        if (!current) throw notFound(MEDIA_MESSAGES.fileNotFound);
        await repo.updateFile(trx, id, { name: input.name, categoryId: input.category, ...binary });
        await search.refresh(trx, { kind: 'media', id });
        await audit.fileSaved(trx, actor, id, current);
        return { result: id, replaced: binary ? [current.storageKey] : [] };
      });
      const saved = await repo.fileById(savedId);
      if (!saved) throw notFound(MEDIA_MESSAGES.fileNotFound);
      return present(saved);
    },

    /** Deletes the entry; its stored file goes after the commit. */
    async remove(actor: Principal, id: number): Promise<void> {
      const key = await db.transaction().execute(async (trx) => {
        const current = await repo.fileById(id, trx);
        if (!current) throw notFound(MEDIA_MESSAGES.fileNotFound);
        await audit.fileRemoved(trx, actor, current);
        await repo.deleteFile(trx, id);
        await search.remove(trx, 'media', [id]);
        return current.storageKey;
      });
      await storage.discard([key]);
    },
  };
  return service;
}
