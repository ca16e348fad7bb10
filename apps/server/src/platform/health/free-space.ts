import { statfs } from 'node:fs/promises';
import path from 'node:path';
import type { TConfig } from '../../config.ts';

/** The folders this instance writes to disk: DATA_DIR/tmp (uploads arrive there), the storage and SQLite folders. */
export function foldersWritten(config: Pick<TConfig, 'dataDir' | 'storageUrl' | 'database'>): string[] {
  return [
    path.join(config.dataDir, 'tmp'),
    ...(config.storageUrl.startsWith('file:') ? [config.storageUrl.slice('file:'.length)] : []),
    ...(config.database.kind === 'sqlite' ? [path.dirname(config.database.file)] : []),
  ];
}

/** The bytes an unprivileged process may still write on the file system of `folder` or its nearest parent. */
async function freeBytes(folder: string): Promise<number> {
  let current = path.resolve(folder);
  for (;;) {
    try {
      const info = await statfs(current);
      return info.bavail * info.bsize;
    } catch (error) {
      const parent = path.dirname(current);
      // a folder not made yet (DATA_DIR/tmp before the first upload): its parent's file system
      if ((error as { code?: unknown }).code !== 'ENOENT' || parent === current) throw error;
      current = parent;
    }
  }
}

const MB = 1024 * 1024;

/**
 * Whether the folders this instance writes (the storage folder, DATA_DIR/tmp where uploads arrive, the SQLite
 * file's folder) have `minFreeBytes` free: 'low' below that on any of them. An upload needs up to the upload
 * limit in the temp folder and again in the storage, so the default is twice UPLOAD_LIMIT_MB. The change to
 * low and back is logged once each.
 */
export function createFreeSpaceCheck(deps: {
  folders: readonly string[];
  minFreeBytes: number;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}): () => Promise<'ok' | 'low'> {
  const folders = [...new Set(deps.folders.map((folder) => path.resolve(folder)))];
  let low = false;
  let unreadable = false;
  return async () => {
    if (deps.minFreeBytes === 0) return 'ok';
    let lowest: { folder: string; bytes: number } | undefined;
    try {
      for (const folder of folders) {
        const bytes = await freeBytes(folder);
        if (!lowest || bytes < lowest.bytes) lowest = { folder, bytes };
      }
      unreadable = false;
    } catch (error) {
      // Not knowing is no reason to take the instance out; the storage probe still sees a full disk.
      if (!unreadable) deps.log.warn({ err: error }, 'health: free disk space could not be read');
      unreadable = true;
      return low ? 'low' : 'ok';
    }
    if (!lowest) return 'ok';
    const nowLow = lowest.bytes < deps.minFreeBytes;
    const details = {
      folder: lowest.folder,
      freeMb: Math.floor(lowest.bytes / MB),
      minFreeMb: Math.round(deps.minFreeBytes / MB),
    };
    if (nowLow && !low) deps.log.warn(details, 'health: disk space low');
    if (!nowLow && low) deps.log.info(details, 'health: disk space ok again');
    low = nowLow;
    return low ? 'low' : 'ok';
  };
}
