import { useDebouncedValue } from '@mantine/hooks';
import { MEDIA_API, ZMediaDuplicates } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { sha256Of } from '../../../lib/file-hash';
import { api } from '../../../lib/portal';
import { duplicateWarnings, type EntryDuplicates } from '../lib/duplicate-warnings';
import { fileKey, type UploadEntry } from '../lib/upload-entries';
import { mediaKeys } from './query-keys';

interface DuplicateCheck {
  /** the category the files go to; null: none chosen yet */
  category: number | null;
  /** the file being edited, no duplicate of itself */
  exclude?: number | undefined;
  entries: readonly UploadEntry[];
}

/** How long typing in a name waits before it is checked again. */
const TYPING_PAUSE_MS = 300;

/**
 * POST /api/media/duplicates for the files of an upload dialog (issue 31, decision 0126), with the SHA-256
 * of each chosen file computed in the browser: each entry's German warnings. Silent: without an answer the
 * dialog just shows none, and the upload goes on as before.
 */
export function useMediaDuplicates({ category, exclude, entries }: DuplicateCheck): string[][] {
  const [settled] = useDebouncedValue(entries, TYPING_PAUSE_MS);
  const shape = settled.map((entry) => [entry.name.trim(), entry.file ? fileKey(entry.file) : null] as const);
  const check = useQuery({
    queryKey: [...mediaKeys.all, 'duplicates', category, exclude ?? null, shape],
    enabled: category !== null && settled.some((entry) => entry.file !== null || entry.name.trim() !== ''),
    staleTime: 10_000,
    queryFn: async ({ signal }) => {
      const hashes = await Promise.all(settled.map((entry) => (entry.file ? sha256Of(entry.file) : null)));
      const asked = settled.flatMap((entry, index) => {
        const name = entry.name.trim();
        const sha256 = hashes[index] ?? undefined;
        return name === '' ? [] : [{ index, name, ...(sha256 ? { sha256 } : {}) }];
      });
      const known: (EntryDuplicates | null)[] = settled.map(() => null);
      if (asked.length > 0 && category !== null) {
        const answer = await api.post(
          MEDIA_API.duplicates,
          { category, exclude, files: asked.map(({ name, sha256 }) => ({ name, sha256 })) },
          { schema: ZMediaDuplicates, silent: true, signal },
        );
        asked.forEach(({ index }, position) => {
          known[index] = answer.files[position] ?? null;
        });
      }
      return duplicateWarnings(settled, hashes, known);
    },
  });
  // Warnings belong to the entries they were computed for; while the list changes, none are shown.
  const current = check.data && check.data.length === entries.length ? check.data : [];
  return entries.map((_entry, index) => current[index] ?? []);
}
