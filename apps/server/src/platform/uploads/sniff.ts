import { IMAGE_MAX_PIXELS, UPLOAD_MESSAGES } from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type SharpOptions } from 'sharp';
import { badRequest, HttpError } from '../http/errors.ts';
import type { StorageBody } from '../storage/storage.ts';
import { type UploadedFile, uploadBody, uploadHead, uploadSource } from './multipart-file.ts';

/** What sharp reads a picture from: bytes, or the path of an upload's temp file (never read whole into memory). */
type PictureInput = Buffer | string;

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
 * Every decoding sharp does: the pixel limit once more, in case a header understated the size; and the
 * default `failOn: 'warning'`, so a cut-off image is an error instead of a half-grey picture.
 */
const DECODE: SharpOptions = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'warning' };

const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.imageTooLarge);
const broken = () => badRequest(UPLOAD_MESSAGES.imageBroken);

/** A sharp failure on an uploaded picture is the picture's fault: too large (413) or unreadable (400). */
function refusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return error instanceof Error && /exceeds pixel limit/i.test(error.message) ? tooLarge() : broken();
}

/**
 * The type of an upload by its content (magic bytes), never by its name or the browser's claim.
 * Anything not in `allowed` — SVG, HTML, a renamed executable — is refused with 415 and `message`.
 * A picture is then measured from its header alone, before anything decodes it: above IMAGE_MAX_PIXELS
 * 413 (a 30 KB PNG may hold 256 megapixels), an unreadable header 400.
 */
export async function sniffUpload(
  source: Buffer | UploadedFile,
  allowed: readonly UploadKind[],
  message: string,
): Promise<SniffedFile> {
  // An upload's first bytes decide its type; the magic numbers of the accepted types sit at the start.
  const detected = await fileTypeFromBuffer(Buffer.isBuffer(source) ? source : uploadHead(source));
  const kind = (Object.keys(MIME) as UploadKind[]).find((k) => MIME[k] === detected?.mime);
  if (!kind || !allowed.includes(kind)) throw new HttpError(415, message);
  if (kind !== 'pdf') await checkPictureSize(Buffer.isBuffer(source) ? source : uploadSource(source), kind);
  return { kind, mimeType: MIME[kind], extension: EXTENSION[kind] };
}

async function checkPictureSize(input: PictureInput, kind: UploadKind): Promise<void> {
  // metadata() reads the header only, so it may see any size; the limit is applied here, by frame.
  const header = await sharp(input, { animated: kind === 'gif', limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw broken();
    });
  const width = header.width ?? 0;
  const frameHeight = header.pageHeight ?? header.height ?? 0;
  if (width === 0 || frameHeight === 0) throw broken();
  if (width * frameHeight > IMAGE_MAX_PIXELS) throw tooLarge();
}

/**
 * Photos lose their metadata (GPS position, camera, owner); the EXIF orientation is applied first. This is
 * where a picture is decoded, so where a cut-off one is found (400). GIFs are kept as they are.
 */
export async function withoutMetadata(data: Buffer, kind: UploadKind): Promise<Buffer> {
  return (await reencode(data, kind)) ?? data;
}

/**
 * An upload as it is stored: a photo without its metadata (sharp reads the temp file by its path), a GIF or
 * PDF as it came, straight from the temp file.
 */
export async function cleanUpload(upload: UploadedFile, kind: UploadKind): Promise<StorageBody> {
  return (await reencode(uploadSource(upload), kind)) ?? uploadBody(upload);
}

/** JPEG and PNG written again without metadata; undefined for the kinds that are kept as they are. */
async function reencode(input: PictureInput, kind: UploadKind): Promise<Buffer | undefined> {
  try {
    if (kind === 'jpeg')
      return await sharp(input, DECODE).rotate().jpeg({ quality: 88, mozjpeg: true }).toBuffer();
    if (kind === 'png') return await sharp(input, DECODE).png().toBuffer();
  } catch (error) {
    throw refusal(error);
  }
  return undefined;
}

/** A JPEG thumbnail at most `width` pixels wide, for lists and forum posts. */
export async function thumbnail(data: PictureInput, width = 480): Promise<Buffer> {
  try {
    return await sharp(data, DECODE)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (error) {
    throw refusal(error);
  }
}

/** A square JPEG of at most `size` pixels a side, cut from the middle, without metadata (orientation applied). */
export async function squareJpeg(data: PictureInput, size: number): Promise<Buffer> {
  try {
    return await sharp(data, DECODE)
      .rotate()
      .resize({ width: size, height: size, fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw refusal(error);
  }
}
