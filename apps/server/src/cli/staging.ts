/**
 * The staging folders of `npm run backup` and `npm run restore`. Each is named with its process id, so that a
 * later run tells a killed run's leftover (a copy of the whole database) from one still running, and removes
 * it (issue 30).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

export type StagingKind = 'backup' | 'restore';

const prefix = (kind: StagingKind) => `.portal-${kind}-`;

/** A new staging folder in `parent`, which must exist (a missing folder is a typing error, not a place to create). */
export async function createStaging(parent: string, kind: StagingKind): Promise<string> {
  const folder = path.join(parent, `${prefix(kind)}${process.pid}-${randomUUID()}`);
  await mkdir(folder);
  return folder;
}

/** Whether a process with this id runs (one of another user counts as running). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the staging folders in `parent` that no running process owns: left by a run that was killed, or by a
 * version before issue 30, whose names carried no process id. Gives the names removed.
 */
export async function removeLeftovers(parent: string, kind: StagingKind): Promise<string[]> {
  const names = await readdir(parent).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix(kind))) continue;
    const pid = /^(\d+)-[0-9a-f-]{36}$/.exec(name.slice(prefix(kind).length))?.[1];
    if (pid !== undefined && isRunning(Number(pid))) continue;
    await rm(path.join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** The line a command prints after removing leftovers, or none. */
export function leftoversLine(removed: readonly string[]): string[] {
  return removed.length === 0
    ? []
    : [`  Zwischenkopien eines abgebrochenen Laufs entfernt: ${removed.join(', ')}`];
}
