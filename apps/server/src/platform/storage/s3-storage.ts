import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertKey, type Storage } from './storage.ts';

/** Where and how to reach an S3 bucket (STORAGE_URL `s3://bucket/prefix` and the usual AWS variables). */
export interface S3Settings {
  bucket: string;
  /** a folder inside the bucket, without slashes at either end; '' for the bucket's root */
  prefix: string;
  region: string;
  /**
   * An S3-compatible service (MinIO, Ceph, Garage, …), addressed path-style: `{endpoint}/{bucket}/{key}`.
   * Without it, AWS itself: `https://{bucket}.s3.{region}.amazonaws.com/{key}`.
   */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | undefined;
}

/** Writes and deletes that take longer than this fail, and the save that needed them fails with them. */
const WRITE_TIMEOUT_MS = 60_000;

/**
 * Files in an S3 bucket, signed with AWS Signature Version 4. Several instances of the server can share
 * one bucket. A PUT replaces an object whole, so a reader never sees half a file.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    sessionToken: settings.sessionToken,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const urlOf = (key: string) => {
    assertKey(key);
    const objectKey = settings.prefix ? `${settings.prefix}/${key}` : key;
    return `${base}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  };
  const failure = async (response: Response, action: string, key: string) => {
    const body = await response.text().catch(() => '');
    return new Error(`S3 ${action} of "${key}" failed with ${response.status}: ${body.slice(0, 300)}`);
  };

  return {
    async put(key, data) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        // Buffers from uploads and files sit on a plain ArrayBuffer; the type only cannot know that.
        body: data as Uint8Array<ArrayBuffer>,
        signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
      });
      if (!response.ok) throw await failure(response, 'upload', key);
      await response.body?.cancel();
    },
    async read(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok || !response.body) throw await failure(response, 'download', key);
      return {
        stream: Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
        size: Number(response.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), {
        method: 'DELETE',
        signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
      });
      if (!response.ok && response.status !== 404) throw await failure(response, 'deletion', key);
      await response.body?.cancel();
    },
  };
}
