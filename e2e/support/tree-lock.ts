/**
 * A drag in a category tree (content or media) saves the whole tree, and the server refuses a save that names
 * a category deleted meanwhile (400). Specs run side by side, so deleting categories and dragging a tree take
 * turns on the tree's lock: a folder only one process can make. With that, the tree specs run in any order
 * and beside any other spec; every other spec creates, reads and edits categories of its own freely.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_PORT } from './origins.ts';

type TTree = 'content' | 'media';

/** Longer than any test may hold the lock (playwright.config.ts: 60 s): older, its holder died. */
const STALE_MS = 120_000;
const POLL_MS = 100;

const folderOf = (tree: TTree) => path.join(tmpdir(), `portal-e2e-${APP_PORT}-locks`, tree);

function tryTake(folder: string): boolean {
  try {
    mkdirSync(folder);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const held = statSync(folder, { throwIfNoEntry: false });
    if (held && Date.now() - held.mtimeMs > STALE_MS) rmSync(folder, { recursive: true, force: true });
    return false;
  }
}

/** Runs `work` while holding the tree's lock; waits for a spec that holds it. */
export async function withTreeLock<T>(tree: TTree, work: () => Promise<T>): Promise<T> {
  const folder = folderOf(tree);
  mkdirSync(path.dirname(folder), { recursive: true });
  const deadline = Date.now() + STALE_MS + 10_000;
  while (!tryTake(folder)) {
    if (Date.now() > deadline) throw new Error(`the ${tree} category tree stayed locked`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await work();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
