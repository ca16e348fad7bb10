import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { setTimeout as sleep } from 'node:timers/promises';
import { AwsClient } from 'aws4fetch';
import { assertKey, type Storage, type StorageBody } from './storage.ts';

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
/** Attempts of a request that S3 answered with 5xx or 429 (a busy or briefly failing service). */
const ATTEMPTS = 3;

/**
 * The body of one PUT attempt. A file is streamed with its length (S3 refuses a PUT without one), so it is
 * never read into memory; a stream can be sent only once, so every attempt opens the file again.
 */
function putInit(body: StorageBody): RequestInit {
  if (Buffer.isBuffer(body)) {
    // Buffers from uploads and files sit on a plain ArrayBuffer; the type only cannot know that.
    return { body: body as Uint8Array<ArrayBuffer> };
  }
  const stream = Readable.toWeb(createReadStream(body.path)) as ReadableStream<Uint8Array>;
  // duplex 'half' is how fetch is told that a stream body is sent before the answer is read.
  return { body: stream, headers: { 'content-length': String(body.size) }, duplex: 'half' } as RequestInit;
}

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
    // Retries are made here (send), where a streamed body can be opened again for each attempt.
    retries: 0,
  });
  const base = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`
    : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  const urlOf = (key: string) => {
    assertKey(key);
    const objectKey = settings.prefix ? `${settings.prefix}/${key}` : key;
    return `${base}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  };
  /** One request, repeated (with a fresh init) while S3 answers 5xx or 429. */
  const send = async (url: string, init: () => RequestInit): Promise<Response> => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await client.fetch(url, init());
      if ((response.status < 500 && response.status !== 429) || attempt >= ATTEMPTS) return response;
      await response.body?.cancel();
      await sleep(50 * 2 ** attempt * Math.random());
    }
  };
  const failure = async (response: Response, action: string, key: string) => {
    const body = await response.text().catch(() => '');
    return new Error(`S3 ${action} of "${key}" failed with ${response.status}: ${body.slice(0, 300)}`);
  };

  return {
    async put(key, body) {
      const response = await send(urlOf(key), () => ({
        method: 'PUT',
        ...putInit(body),
        signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
      }));
      if (!response.ok) throw await failure(response, 'upload', key);
      await response.body?.cancel();
    },
    async read(key) {
      const response = await send(urlOf(key), () => ({}));
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
      const response = await send(urlOf(key), () => ({
        method: 'DELETE',
        signal: AbortSignal.timeout(WRITE_TIMEOUT_MS),
      }));
      if (!response.ok && response.status !== 404) throw await failure(response, 'deletion', key);
      await response.body?.cancel();
    },
    // A PUT replaces an object whole or not at all: there are no temp files to remove.
    async removeStaleTempFiles() {
      return 0;
    },
  };
}
