import { autoMediaName } from '@portal/contract';
import { nameForChosenFile } from './file-form';

/** One file of the upload dialog with the name it is to get (SPEC §3 form: file and name, both empty at first). */
export interface UploadEntry {
  file: File | null;
  name: string;
}

export const EMPTY_ENTRY: UploadEntry = { file: null, name: '' };

/**
 * Files chosen or dropped (issue 31): they fill the entries still without a file first, keeping a name
 * given there (SPEC §5: the name follows the file while it is empty), then each adds an entry named from its
 * file.
 */
export function addChosenFiles(entries: readonly UploadEntry[], files: readonly File[]): UploadEntry[] {
  const waiting = [...files];
  const filled = entries.map((entry) => {
    if (entry.file !== null) return entry;
    const file = waiting.shift();
    if (!file) return entry;
    return { file, name: nameForChosenFile(entry.name, file) ?? entry.name };
  });
  return [...filled, ...waiting.map((file) => ({ file, name: autoMediaName(file.name) }))];
}

/** The file field cleared: one entry without a file again, its name kept (as with a single file). */
export function clearChosenFiles(entries: readonly UploadEntry[]): UploadEntry[] {
  return [{ file: null, name: entries[0]?.name ?? '' }];
}

/** An entry taken out of the upload; the last one stays, without its file. */
export function removeEntry(entries: readonly UploadEntry[], index: number): UploadEntry[] {
  const rest = entries.filter((_entry, position) => position !== index);
  return rest.length > 0 ? rest : [{ ...EMPTY_ENTRY }];
}

const keys = new WeakMap<File, number>();
let lastKey = 0;

/** A stable key per chosen file (two files may share a name): React's and the duplicate check's. */
export function fileKey(file: File): number {
  let key = keys.get(file);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    keys.set(file, key);
  }
  return key;
}
