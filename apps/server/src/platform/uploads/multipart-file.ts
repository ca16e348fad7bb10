import type { MultipartFile } from '@fastify/multipart';
import { MESSAGES } from '@portal/contract';
import { z } from 'zod';
import { badRequest, HttpError } from '../http/errors.ts';
import { joinBuffers } from './join-buffers.ts';

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
 * instead of a bare Buffer, so routes keep the original file name. Over the size limit: 413. Its chunks are
 * joined a megabyte per turn (joinBuffers), where `part.toBuffer()` would join 20 MB at once.
 * A file stream that breaks off (body cut off, connection lost, boundary missing) is the request's fault:
 * busboy reports it with a plain Error, which is answered with 400 here rather than as our failure.
 */
export async function readUploadedFile(part: MultipartFile): Promise<void> {
  const data = await readChunks(part).catch((error: unknown) => {
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    throw typeof status === 'number' ? error : badRequest(MESSAGES.malformedForm);
  });
  // Busboy takes an octet-stream part without a file name (a browser's empty file input) for a file too.
  const file: UploadedFile = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data };
  part.value = file;
}

async function readChunks(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) {
    // Busboy stops passing bytes at the limit (`fileSize`) and marks the stream; the rest is not read.
    if (part.file.truncated) throw new HttpError(413, MESSAGES.tooLarge);
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new HttpError(413, MESSAGES.tooLarge);
  return joinBuffers(chunks);
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
