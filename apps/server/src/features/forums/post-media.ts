import { FORUM_MESSAGES, FORUM_POST_MEDIA_MAX, type TForumPostMedia } from '@portal/contract';
import { z } from 'zod';
import type { NewFile } from '../../platform/storage/file-store.ts';
import type { UrlSigner } from '../../platform/storage/signed-url.ts';
import { bodySize, newKey, type StorageBody } from '../../platform/storage/storage.ts';
import { storedFileName, type UploadedFile, ZUploadedFile } from '../../platform/uploads/multipart-file.ts';
import { cleanUpload, sniffUpload, thumbnail } from '../../platform/uploads/sniff.ts';
import type { MediaRow, NewMedia } from './forum-posts.repository.ts';

/** `forumPostMedia[0]`, `forumPostMedia[1]`, …; also `forumPostMedia[]` and a bare `forumPostMedia`. */
const MEDIA_FIELD = /^forumPostMedia(?:\[(\d*)\])?$/;

/**
 * Body of a multipart request that carries attachments (SPEC §7): the fields of `shape`, plus every file field
 * named `forumPostMedia[i]` gathered into `forumPostMedia`, ordered by i. Empty file inputs are ignored; a text
 * value in such a field, or more than FORUM_POST_MEDIA_MAX files, is refused with 400.
 */
export function withPostMedia<T extends z.ZodRawShape>(shape: T) {
  return z.looseObject(shape).transform((body, ctx) => {
    const files: { index: number; file: UploadedFile }[] = [];
    for (const [key, value] of Object.entries(body)) {
      const match = MEDIA_FIELD.exec(key);
      if (!match) continue;
      const index = match[1] ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
      for (const entry of Array.isArray(value) ? value : [value]) {
        const parsed = ZUploadedFile.safeParse(entry);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', path: [key], message: FORUM_MESSAGES.mediaInvalid });
          return z.NEVER;
        }
        if (parsed.data) files.push({ index, file: parsed.data });
      }
    }
    if (files.length > FORUM_POST_MEDIA_MAX) {
      ctx.addIssue({ code: 'custom', path: ['forumPostMedia'], message: FORUM_MESSAGES.tooManyMedia });
      return z.NEVER;
    }
    files.sort((a, b) => a.index - b.index);
    return { ...(body as z.output<z.ZodObject<T>>), forumPostMedia: files.map((entry) => entry.file) };
  });
}

/** An attachment checked and converted, not yet stored. */
export interface PreparedMedia extends NewMedia {
  body: StorageBody;
  thumbnail: Buffer | null;
}

/**
 * Checks every upload by its content (PNG, JPEG or PDF, else 415) before converting any: images lose their
 * metadata and get a JPEG thumbnail; a PDF is stored as it is, from its temp file. Nothing is stored yet.
 */
export async function prepareMedia(uploads: readonly UploadedFile[]): Promise<PreparedMedia[]> {
  const sniffed = [];
  for (const upload of uploads) {
    sniffed.push(await sniffUpload(upload, ['png', 'jpeg', 'pdf'], FORUM_MESSAGES.mediaType));
  }
  const prepared: PreparedMedia[] = [];
  for (const [position, upload] of uploads.entries()) {
    const kind = sniffed[position];
    if (!kind) continue;
    const image = kind.kind !== 'pdf';
    const body = await cleanUpload(upload, kind.kind);
    prepared.push({
      position,
      body,
      thumbnail: image ? await thumbnail(Buffer.isBuffer(body) ? body : body.path) : null,
      storageKey: newKey('forum', kind.extension),
      thumbnailKey: image ? newKey('forum', '.jpg') : null,
      originalFilename: storedFileName(upload.filename, kind.extension, `anhang-${position + 1}`),
      mimeType: kind.mimeType,
      size: bodySize(body),
    });
  }
  return prepared;
}

/** The files to store for the attachments: each file and its thumbnail. */
export function filesOf(media: readonly PreparedMedia[]): NewFile[] {
  return media.flatMap((file) => [
    { key: file.storageKey, body: file.body },
    ...(file.thumbnailKey && file.thumbnail ? [{ key: file.thumbnailKey, body: file.thumbnail }] : []),
  ]);
}

export function presentMedia(signer: UrlSigner, row: MediaRow): TForumPostMedia {
  return {
    id: row.id,
    filePath: signer.sign(row.storageKey, { name: row.originalFilename }),
    fileThumbnailPath: row.thumbnailKey ? signer.sign(row.thumbnailKey) : null,
    originalFilename: row.originalFilename,
    mimeType: row.mimeType,
  };
}
