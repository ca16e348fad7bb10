import {
  FORUM_ATTACHMENT_TYPES,
  FORUM_MESSAGES,
  FORUM_POST_MEDIA_MAX,
  fileTypeAmong,
  type TFileType,
} from '@portal/contract';
import { fileSizeError, isSameFile, uploadLimitMb } from '../../../components/form/file-checks';
import { de } from '../../../i18n/de';

type FileLike = Pick<File, 'name' | 'type'>;

/**
 * The browser's check of the attachments (SPEC §5: png, jpeg and pdf, several at once; at most
 * FORUM_POST_MEDIA_MAX a post), by mime type or, when the system names none, by extension. The server checks
 * every file by content and stays the authority.
 */
export function attachmentType(file: FileLike): TFileType | null {
  return fileTypeAmong(file, FORUM_ATTACHMENT_TYPES);
}

export function isImageAttachment(file: FileLike): boolean {
  return attachmentType(file)?.startsWith('image/') ?? false;
}

export interface AttachmentChoice<T extends FileLike> {
  files: T[];
  /** German messages for the files that were not taken. */
  errors: string[];
}

/**
 * Adds chosen or dropped files to those already chosen: files of another type or over the size limit are
 * refused by name, the same file twice is taken once, and files beyond the maximum are refused.
 */
export function addAttachments<T extends FileLike & { size?: number }>(
  current: readonly T[],
  incoming: readonly T[],
  max = FORUM_POST_MEDIA_MAX,
  limitMb = uploadLimitMb(),
): AttachmentChoice<T> {
  const files = [...current];
  const errors: string[] = [];
  const overflow: string[] = [];
  for (const file of incoming) {
    const tooLarge = fileSizeError({ name: file.name, size: file.size ?? 0 }, limitMb);
    if (!attachmentType(file)) errors.push(de.forums.form.fileType(file.name, FORUM_MESSAGES.mediaType));
    else if (tooLarge) errors.push(tooLarge);
    else if (files.some((chosen) => isSameFile(chosen, file))) continue;
    else if (files.length >= max) overflow.push(`"${file.name}"`);
    else files.push(file);
  }
  if (overflow.length > 0)
    errors.push(de.forums.form.tooMany(overflow.join(', '), FORUM_MESSAGES.tooManyMedia));
  return { files, errors };
}

export function removeAttachment<T>(files: readonly T[], index: number): T[] {
  return files.filter((_file, position) => position !== index);
}

/** 1,2 MB / 350 KB */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} KB`;
}
