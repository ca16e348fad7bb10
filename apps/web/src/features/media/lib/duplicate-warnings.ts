import type { TMediaDuplicate } from '@portal/contract';
import { de } from '../../../i18n/de';
import type { UploadEntry } from './upload-entries';

/** What the server knows of one entry: the files of the same content and of the same name (decision 0126). */
export interface EntryDuplicates {
  sameContent: readonly TMediaDuplicate[];
  sameName: readonly TMediaDuplicate[];
}

const texts = de.media.duplicates;

/**
 * The German warnings of each entry, before anything is uploaded: a file the library holds already (same
 * bytes anywhere, or the same name in the category) and a file or name chosen twice in this dialog. They warn
 * only; the admin decides whether to upload.
 */
export function duplicateWarnings(
  entries: readonly UploadEntry[],
  hashes: readonly (string | null)[],
  known: readonly (EntryDuplicates | null)[],
): string[][] {
  return entries.map((entry, index) => {
    const warnings: string[] = [];
    const server = known[index];
    const [first, ...others] = server?.sameContent ?? [];
    if (first) warnings.push(texts.sameContent(first.name, first.categoryName, others.length));
    const sameName = server?.sameName[0];
    if (sameName) warnings.push(texts.sameName(sameName.categoryName));
    const hash = hashes[index];
    const earlier = entries.slice(0, index);
    if (hash && hashes.slice(0, index).includes(hash)) warnings.push(texts.chosenTwice);
    const name = entry.name.trim();
    if (name !== '' && earlier.some((other) => other.name.trim() === name)) warnings.push(texts.nameTwice);
    return warnings;
  });
}
