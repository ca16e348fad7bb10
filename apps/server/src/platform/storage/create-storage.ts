import { createS3Storage, type S3Settings } from './s3-storage.ts';
import { createLocalStorage, type Storage } from './storage.ts';

/** STORAGE_URL: `file:/path` (the default, a folder in DATA_DIR) or `s3://bucket/prefix` (with `s3`). */
export function createStorage(config: { storageUrl: string; s3: S3Settings | undefined }): Storage {
  if (config.s3) return createS3Storage(config.s3);
  if (config.storageUrl.startsWith('file:'))
    return createLocalStorage(config.storageUrl.slice('file:'.length));
  throw new Error(`STORAGE_URL "${config.storageUrl}" is not supported; use file:/path or s3://bucket`);
}
