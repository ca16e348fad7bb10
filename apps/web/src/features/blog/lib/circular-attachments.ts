import { BLOG_MESSAGES, CIRCULAR_ATTACHMENTS_MAX, fileTypeAmong, type TBlog } from '@portal/contract';
import { fileSizeError, isSameFile, uploadLimitMb } from '../../../components/form/file-checks';
import { de } from '../../../i18n/de';

const PDF = ['application/pdf'] as const;

/** An attachment in the post form: one the post already has (kept by id) or a newly chosen PDF file. */
export type AttachmentEntry =
  | { kind: 'kept'; id: number; name: string; size: number }
  | { kind: 'new'; file: File; name: string; size: number };

type FileLike = Pick<File, 'name' | 'type' | 'size'>;

export function keptAttachments(post: Pick<TBlog, 'attachments'> | undefined): AttachmentEntry[] {
  return (post?.attachments ?? []).map(({ id, name, size }) => ({ kind: 'kept', id, name, size }));
}

/**
 * Adds chosen files to the list (issue 34 point 1): PDF only (by type, else by extension), within the
 * upload limit, the same file once, at most CIRCULAR_ATTACHMENTS_MAX in all. The server checks each file by
 * content and stays the authority; this only spares the member a refused upload.
 */
export function addPdfAttachments(
  current: readonly AttachmentEntry[],
  incoming: readonly FileLike[],
  limitMb = uploadLimitMb(),
): { entries: AttachmentEntry[]; errors: string[] } {
  const entries = [...current];
  const errors: string[] = [];
  for (const file of incoming) {
    const tooLarge = fileSizeError(file, limitMb);
    if (!fileTypeAmong(file, PDF))
      errors.push(de.circulars.form.notTaken(file.name, BLOG_MESSAGES.attachmentType));
    else if (tooLarge) errors.push(tooLarge);
    else if (entries.some((entry) => entry.kind === 'new' && isSameFile(entry.file, file))) continue;
    else if (entries.length >= CIRCULAR_ATTACHMENTS_MAX)
      errors.push(de.circulars.form.notTaken(file.name, BLOG_MESSAGES.tooManyAttachments));
    else entries.push({ kind: 'new', file: file as File, name: file.name, size: file.size });
  }
  return { entries, errors };
}

/**
 * Whether the entry at `index` can move one place up (-1) or down (+1): within the list and among its own
 * kind, since the server puts the kept attachments first and the new files after them.
 */
export function canMoveAttachment(entries: readonly AttachmentEntry[], index: number, step: -1 | 1): boolean {
  const entry = entries[index];
  const target = entries[index + step];
  return entry !== undefined && target !== undefined && entry.kind === target.kind;
}

/** Moves the entry at `index` one place up (-1) or down (+1) when canMoveAttachment allows it. */
export function moveAttachment(
  entries: readonly AttachmentEntry[],
  index: number,
  step: -1 | 1,
): AttachmentEntry[] {
  const moved = [...entries];
  const entry = entries[index];
  const target = entries[index + step];
  if (!entry || !target || !canMoveAttachment(entries, index, step)) return moved;
  moved[index] = target;
  moved[index + step] = entry;
  return moved;
}

/**
 * The attachments as the server takes them: `blog.attachments` the kept ids in order, and the new files as
 * `attachments[0]`, `attachments[1]`, …. The server puts the kept ones first, then the new ones; the order
 * chosen here among each kind is kept.
 */
export function attachmentFields(entries: readonly AttachmentEntry[]): {
  keep: number[];
  files: Record<string, File>;
} {
  const keep: number[] = [];
  const files: Record<string, File> = {};
  let index = 0;
  for (const entry of entries) {
    if (entry.kind === 'kept') keep.push(entry.id);
    else {
      files[`attachments[${index}]`] = entry.file;
      index += 1;
    }
  }
  return { keep, files };
}
