import type { NewFile } from '../storage/file-store.ts';
import { newKey } from '../storage/storage.ts';
import { storedFileName, type UploadedFile, uploadSource } from './multipart-file.ts';
import { cleanUpload, sniffUpload, squareJpeg } from './sniff.ts';

/** A picture checked by content (PNG or JPEG), cleaned of its metadata and given a new storage key. */
export interface PreparedPicture extends NewFile {
  /** the uploaded file's name, for display */
  name: string;
}

/** Checks and cleans an uploaded picture; refuses anything but PNG or JPEG with 415 and `typeMessage`. */
export async function preparePicture(
  upload: UploadedFile,
  keyPrefix: string,
  typeMessage: string,
): Promise<PreparedPicture> {
  const sniffed = await sniffUpload(upload, ['png', 'jpeg'], typeMessage);
  return {
    key: newKey(keyPrefix, sniffed.extension),
    body: await cleanUpload(upload, sniffed.kind),
    name: storedFileName(upload.filename, sniffed.extension, 'bild'),
  };
}

export interface PictureColumns {
  imageKey: string | null;
  imageName: string | null;
}

/**
 * The picture a record has after a save: a new one, else the current one unless the form asked to remove
 * it (`image: null`), else none.
 */
export function pictureAfterSave(
  picture: PreparedPicture | undefined,
  current: PictureColumns | undefined,
  removeRequested: boolean,
): PictureColumns {
  if (picture) return { imageKey: picture.key, imageName: picture.name };
  if (current && !removeRequested) return { imageKey: current.imageKey, imageName: current.imageName };
  return { imageKey: null, imageName: null };
}

/**
 * A member's photo (issue 36 point 6): checked by content like every picture (PNG or JPEG, else 415 with
 * `typeMessage`), cut to a square from its middle, `size` pixels at most a side, written again as JPEG, so no
 * metadata (GPS, camera) survives.
 */
export async function prepareSquarePicture(
  upload: UploadedFile,
  keyPrefix: string,
  typeMessage: string,
  size = 400,
): Promise<NewFile> {
  await sniffUpload(upload, ['png', 'jpeg'], typeMessage);
  return { key: newKey(keyPrefix, 'jpg'), body: await squareJpeg(uploadSource(upload), size) };
}
