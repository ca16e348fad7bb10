/** The files of the demo content (apps/server/demo-assets): pictures and a PDF that ship with the server. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../platform/storage/storage.ts';
import { newKey } from '../platform/storage/storage.ts';
import { sniffUpload, withoutMetadata } from '../platform/uploads/sniff.ts';

const ASSETS = path.resolve(import.meta.dirname, '../../demo-assets');

/** A demo file by its path under demo-assets ('images/logo.png'); undefined when it is missing. */
export function demoAsset(relative: string): Promise<Buffer | undefined> {
  return readFile(path.join(ASSETS, relative)).catch(() => undefined);
}

/** Stores a demo picture under `prefix` without its metadata, as an upload would; nulls without one. */
export async function storeDemoPicture(
  storage: Storage,
  prefix: string,
  relative: string | undefined,
): Promise<{ imageKey: string | null; imageName: string | null }> {
  const data = relative ? await demoAsset(relative) : undefined;
  if (!data || !relative) return { imageKey: null, imageName: null };
  const sniffed = await sniffUpload(data, ['png', 'jpeg'], 'demo image');
  const imageKey = newKey(prefix, sniffed.extension);
  await storage.put(imageKey, await withoutMetadata(data, sniffed.kind));
  return { imageKey, imageName: path.basename(relative) };
}
