import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** An S3-compatible server on the loopback interface (s3rver, objects in a temp folder). */
export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL and the AWS variables that point the app at `prefix` in the bucket */
  env: (prefix: string) => Record<string, string>;
  /** the keys of every object in the bucket below `prefix` */
  keys: (prefix: string) => Promise<string[]>;
  stop: () => Promise<void>;
}

const BUCKET = 'portal-test';

export async function startS3Peer(): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    env: (prefix) => ({
      STORAGE_URL: `s3://${BUCKET}/${prefix}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'eu-central-1',
    }),
    async keys(prefix) {
      const response = await fetch(`${endpoint}/${BUCKET}?prefix=${encodeURIComponent(prefix)}`);
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1] ?? '').sort();
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
