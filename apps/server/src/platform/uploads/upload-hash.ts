import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { UploadedFile } from './multipart-file.ts';

/**
 * The SHA-256 (hex) of an upload's bytes as the browser sent them, before any cleaning: the same value the
 * web app computes from the chosen file (crypto.subtle), so that the two can be compared. Read from the temp
 * file in chunks, never whole.
 */
export async function uploadSha256(upload: UploadedFile): Promise<string> {
  if ('data' in upload) return sha256Hex(upload.data);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(upload.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The SHA-256 (hex) of bytes in memory (demo data). */
export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
