import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { typedFileName } from '../http/content-disposition.ts';
import type { StorageBody } from '../storage/storage.ts';

interface UploadBase {
  /** the name the browser sent (for display only; never used as a storage key). */
  filename: string;
  /** the browser's claim; routes check the content instead. */
  mimetype: string;
}

/**
 * A file field of a multipart body, as routes receive it in `request.body`: its bytes are in a temp file
 * (upload-receiver.ts) that lives until the request ends, never in memory as a whole.
 */
export interface ReceivedUpload extends UploadBase {
  /** the temp file holding the bytes; read it, never move or keep it. */
  path: string;
  size: number;
  /** the first bytes (up to HEAD_BYTES), to tell the type by content without reading the file. */
  head: Buffer;
}

/** An upload the server makes itself from bytes it holds (demo data, tests). */
export interface BufferedUpload extends UploadBase {
  data: Buffer;
}

/** What services accept as an upload; the helpers below read either kind. */
export type UploadedFile = ReceivedUpload | BufferedUpload;

/** Bytes kept for type sniffing: far more than any magic number of the accepted types needs. */
export const HEAD_BYTES = 64 * 1024;

/** Brands upload objects, so that only the upload receiver makes them: a JSON or form body cannot. */
const RECEIVED = Symbol('received upload');

/** Marks an upload as received by the server. */
export function brandUpload(file: ReceivedUpload): ReceivedUpload {
  return Object.defineProperty(file, RECEIVED, { value: true, enumerable: false });
}

const inMemory = (file: UploadedFile): file is BufferedUpload => 'data' in file;

/** The bytes that tell the type (the whole file when it is in memory). */
export const uploadHead = (file: UploadedFile): Buffer => (inMemory(file) ? file.data : file.head);

/** What sharp and storage read the upload from: its bytes, or its temp file (never read whole). */
export const uploadSource = (file: UploadedFile): Buffer | string => (inMemory(file) ? file.data : file.path);

/** The upload stored as it is: copied or streamed from its temp file. */
export const uploadBody = (file: UploadedFile): StorageBody =>
  inMemory(file) ? file.data : { path: file.path, size: file.size };

/** The whole file, for the consumers that need its text (CSV: at most UPLOAD_LIMIT_MB). */
export function readUpload(file: UploadedFile): Promise<Buffer> {
  return inMemory(file) ? Promise.resolve(file.data) : readFile(file.path);
}

function isReceivedUpload(value: unknown): value is ReceivedUpload {
  // Only the upload receiver brands its objects: a JSON or form body cannot forge a file (or name a path).
  return typeof value === 'object' && value !== null && RECEIVED in value;
}

/** Body schema of a file field; an empty file input (no name, no bytes) or an empty text field count as none. */
export const ZUploadedFile = z
  .union([z.custom<ReceivedUpload>(isReceivedUpload), z.literal('')])
  .optional()
  .transform((file) => (file && (file.filename !== '' || file.size > 0) ? file : undefined))
  .meta({ type: 'string', format: 'binary' });

/**
 * The name an upload is stored under: the last path segment of the browser's file name ('C:\fakepath\x.csv'
 * → 'x.csv'), without invisible characters, with the extension of the type its content was found to be.
 */
export function storedFileName(filename: string, extension: string, fallback: string): string {
  return typedFileName(filename.split(/[\\/]/).pop() ?? '', extension, fallback);
}
