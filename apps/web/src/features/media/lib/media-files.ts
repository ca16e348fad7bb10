import {
  compareMediaFilesPaging,
  mediaFilesCursor,
  parseMediaFilesCursor,
  type TMediaFile,
  ZMediaFile,
} from '@portal/contract';
import { z } from 'zod';

/**
 * GET /api/media/{id}: the files keyed by id (`{}` when empty). SPEC §3 also counts an empty array as empty,
 * so a list is accepted too.
 */
export const ZMediaFileResponse = z.union([z.array(ZMediaFile), z.record(z.string(), ZMediaFile)]);
export type TMediaFileResponse = z.infer<typeof ZMediaFileResponse>;

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/**
 * By name as a German reader expects ('Ä' with 'A', '2' before '10'), the id breaking ties. Pages come in
 * code-point order (compareMediaFilesPaging), so a file of a later page can sort in among those shown
 * (umlauts, lower-case initials); it never shows twice, and only a file renamed between two pages from behind
 * the cursor to before it stays unseen until the list is loaded again (decision 0089).
 */
function compareFiles(a: TMediaFile, b: TMediaFile): number {
  return collator.compare(a.name, b.name) || a.id - b.id;
}

function removeFile(files: readonly TMediaFile[], id: number): TMediaFile[] {
  return files.filter((file) => file.id !== id);
}

/** One page of a category's files as loaded (issue 19), and the cursor of the page after it, if any. */
export interface MediaFilesPage {
  files: TMediaFile[];
  next: string | null;
}

/**
 * A page as the server answered it: a full page has a next one (perhaps empty), made from its last file in
 * the server's order, which the body (keyed by id) does not keep.
 */
export function toFilesPage(response: TMediaFileResponse, limit: number): MediaFilesPage {
  const files = Array.isArray(response) ? [...response] : Object.values(response);
  const last = files.reduce<TMediaFile | undefined>(
    (latest, file) => (latest === undefined || compareMediaFilesPaging(file, latest) > 0 ? file : latest),
    undefined,
  );
  return { files, next: files.length >= limit && last ? mediaFilesCursor(last) : null };
}

/** The files of the pages loaded so far as the list shows them: each once, by name (German). */
export function filesOfPages(pages: readonly MediaFilesPage[]): TMediaFile[] {
  const byId = new Map<number, TMediaFile>();
  for (const page of pages) for (const file of page.files) byId.set(file.id, file);
  return [...byId.values()].sort(compareFiles);
}

/**
 * The pages after a save: the file leaves whichever page held it and joins the last page loaded when its
 * place is among the loaded files (otherwise a later page brings it).
 */
export function upsertInPages(pages: readonly MediaFilesPage[], saved: TMediaFile): MediaFilesPage[] {
  const without = removeFromPages(pages, saved.id);
  const last = without.at(-1);
  if (!last) return without;
  // the next page starts after the file its cursor names
  const end = last.next === null ? null : parseMediaFilesCursor(last.next);
  if (end && compareMediaFilesPaging(saved, end) > 0) return without;
  return [...without.slice(0, -1), { ...last, files: [...last.files, saved] }];
}

export function removeFromPages(pages: readonly MediaFilesPage[], id: number): MediaFilesPage[] {
  return pages.map((page) =>
    page.files.some((file) => file.id === id) ? { ...page, files: removeFile(page.files, id) } : page,
  );
}

export type MediaKind = 'image' | 'pdf' | 'other';

/** Which icon a file gets (SPEC §2: icon by mime type). */
export function mediaKind(mimeType: string): MediaKind {
  const type = mimeType.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  return 'other';
}
