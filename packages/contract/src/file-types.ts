/**
 * The file types an upload field offers and the browser checks first, each with the name endings that stand
 * for it when the system gives a file no type. The server checks every file by its content and stays the
 * authority (415 with the same message).
 */
const FILE_TYPE_EXTENSIONS = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
} as const satisfies Record<string, readonly string[]>;

export type TFileType = keyof typeof FILE_TYPE_EXTENSIONS;

/** Pictures of blog posts and events (SPEC §5). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg'] as const satisfies readonly TFileType[];
/** Files of the media library (SPEC §5, §9). */
export const MEDIA_FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/pdf',
] as const satisfies readonly TFileType[];
/** Attachments of forum posts (SPEC §5). */
export const FORUM_ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
] as const satisfies readonly TFileType[];

/** The `accept` attribute of a file input that offers `types`. */
export function acceptAttribute(types: readonly TFileType[]): string {
  return types.join(',');
}

/** Which of `types` a chosen file is: by its type, or by its name's ending when the system gives none. */
export function fileTypeAmong<T extends TFileType>(
  file: { name: string; type: string },
  types: readonly T[],
): T | null {
  const type = file.type.trim().toLowerCase();
  if (type !== '') return types.find((allowed) => allowed === type) ?? null;
  const dot = file.name.lastIndexOf('.');
  if (dot < 0) return null;
  const ending = file.name.slice(dot + 1).toLowerCase();
  return (
    types.find((allowed) => (FILE_TYPE_EXTENSIONS[allowed] as readonly string[]).includes(ending)) ?? null
  );
}
