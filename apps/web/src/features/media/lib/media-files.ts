import { type TMediaFile, ZMediaFile } from '@portal/contract';
import { z } from 'zod';

/**
 * GET /api/media/{id}: the files keyed by id (`{}` when empty). SPEC §3 also counts an empty array as empty,
 * so a list is accepted too.
 */
export const ZMediaFileResponse = z.union([z.array(ZMediaFile), z.record(z.string(), ZMediaFile)]);
export type TMediaFileResponse = z.infer<typeof ZMediaFileResponse>;

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** By name as a German reader expects ('Ä' with 'A', '2' before '10'), the id breaking ties. */
function compareFiles(a: TMediaFile, b: TMediaFile): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}

/** The files of a category as the list shows them, whatever shape the answer had. */
export function toFileList(response: TMediaFileResponse): TMediaFile[] {
  return (Array.isArray(response) ? [...response] : Object.values(response)).sort(compareFiles);
}

/** The list after a save: the file added, or replacing its older version, in order. */
export function upsertFile(files: readonly TMediaFile[], saved: TMediaFile): TMediaFile[] {
  return [...files.filter((file) => file.id !== saved.id), saved].sort(compareFiles);
}

export function removeFile(files: readonly TMediaFile[], id: number): TMediaFile[] {
  return files.filter((file) => file.id !== id);
}

export type MediaKind = 'image' | 'pdf' | 'other';

/** Which icon a file gets (SPEC §2: icon by mime type). */
export function mediaKind(mimeType: string): MediaKind {
  const type = mimeType.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return 'other';
}

const sizeFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** 512 Bytes, 12 kB, 1,4 MB (decimal units, as file managers show them). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} Bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${sizeFormat.format(bytes / 1_000_000)} MB`;
}
