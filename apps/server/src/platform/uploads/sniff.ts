import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../http/errors.ts';

export type UploadKind = 'png' | 'jpeg' | 'gif' | 'pdf';

const MIME: Record<UploadKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
};
const EXTENSION: Record<UploadKind, string> = { png: '.png', jpeg: '.jpg', gif: '.gif', pdf: '.pdf' };

export interface SniffedFile {
  kind: UploadKind;
  mimeType: string;
  extension: string;
}

/**
 * The type of an upload by its content (magic bytes), never by its name or the browser's claim.
 * Anything not in `allowed` — SVG, HTML, a renamed executable — is refused with 415 and `message`.
 */
export async function sniffUpload(
  data: Buffer,
  allowed: readonly UploadKind[],
  message: string,
): Promise<SniffedFile> {
  const detected = await fileTypeFromBuffer(data);
  const kind = (Object.keys(MIME) as UploadKind[]).find((k) => MIME[k] === detected?.mime);
  if (!kind || !allowed.includes(kind)) throw new HttpError(415, message);
  if (kind !== 'pdf') {
    // A valid header on a broken body is refused too: sharp must be able to read the image.
    await sharp(data, { animated: kind === 'gif' })
      .metadata()
      .catch(() => {
        throw new HttpError(415, message);
      });
  }
  return { kind, mimeType: MIME[kind], extension: EXTENSION[kind] };
}

/** Photos lose their metadata (GPS position, camera, owner); the EXIF orientation is applied first. */
export async function withoutMetadata(data: Buffer, kind: UploadKind): Promise<Buffer> {
  if (kind === 'jpeg') return sharp(data).rotate().jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  if (kind === 'png') return sharp(data).png().toBuffer();
  return data;
}

/** A JPEG thumbnail at most `width` pixels wide, for lists and forum posts. */
export function thumbnail(data: Buffer, width = 480): Promise<Buffer> {
  return sharp(data).rotate().resize({ width, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
}
