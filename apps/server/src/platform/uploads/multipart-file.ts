import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';

/** A file field of a multipart body, as routes receive it in `request.body`. */
export interface UploadedFile {
  /** the name the browser sent (for display only; never used as a storage key). */
  filename: string;
  /** the browser's claim; routes check the content instead. */
  mimetype: string;
  data: Buffer;
}

/**
 * `onFile` of @fastify/multipart (`attachFieldsToBody: 'keyValues'`): a file field becomes an UploadedFile
 * instead of a bare Buffer, so routes keep the original file name. Size limits apply as before (413).
 */
export async function readUploadedFile(part: MultipartFile): Promise<void> {
  const data = await part.toBuffer();
  // Busboy takes an octet-stream part without a file name (a browser's empty file input) for a file too.
  const file: UploadedFile = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data };
  part.value = file;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  if (typeof value !== 'object' || value === null) return false;
  const { filename, mimetype, data } = value as Partial<UploadedFile>;
  // Only multipart parsing makes a Buffer: a JSON or form body cannot forge a file.
  return typeof filename === 'string' && typeof mimetype === 'string' && Buffer.isBuffer(data);
}

/** Body schema of a file field; an empty file input (no name, no bytes) or an empty text field count as none. */
export const ZUploadedFile = z
  .union([z.custom<UploadedFile>(isUploadedFile), z.literal('')])
  .optional()
  .transform((file) => (file && (file.filename !== '' || file.data.length > 0) ? file : undefined))
  .meta({ type: 'string', format: 'binary' });

/** The last path segment of a browser's file name ('C:\fakepath\x.csv' → 'x.csv'), without control characters. */
export function displayFileName(filename: string, fallback: string): string {
  const name = (filename.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return name === '' ? fallback : name;
}
