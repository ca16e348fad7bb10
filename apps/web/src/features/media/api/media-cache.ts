import type { TMediaCategory, TMediaFile } from '@portal/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type MediaFilesPage, removeFromPages, upsertInPages } from '../lib/media-files';
import { withFileCount } from '../lib/media-tree';
import { mediaKeys } from './query-keys';

/** Every category write answers the whole tree (SPEC §4), which replaces the cached one. */
export function replaceMediaTree(queryClient: QueryClient, tree: TMediaCategory[]): void {
  queryClient.setQueryData(mediaKeys.tree(), tree);
  void queryClient.invalidateQueries({ queryKey: mediaKeys.categories() });
}

/**
 * A saved file goes into its category's loaded pages (when its place is among them); one moved elsewhere
 * leaves the old list. Counts follow.
 */
export function putFile(queryClient: QueryClient, saved: TMediaFile, previousCategory: number | null): void {
  if (previousCategory !== null && previousCategory !== saved.category) {
    takeFile(queryClient, saved.id, previousCategory);
  }
  queryClient.setQueryData<InfiniteData<MediaFilesPage, string | null>>(
    mediaKeys.files(saved.category),
    (data) => (data ? { ...data, pages: upsertInPages(data.pages, saved) } : data),
  );
  if (previousCategory !== saved.category) countFiles(queryClient, saved.category, 1);
}

/** A deleted (or moved) file leaves its category's list and count. */
export function takeFile(queryClient: QueryClient, id: number, categoryId: number): void {
  queryClient.setQueryData<InfiniteData<MediaFilesPage, string | null>>(
    mediaKeys.files(categoryId),
    (data) => (data ? { ...data, pages: removeFromPages(data.pages, id) } : data),
  );
  countFiles(queryClient, categoryId, -1);
}

function countFiles(queryClient: QueryClient, categoryId: number, delta: number): void {
  queryClient.setQueryData<TMediaCategory[]>(mediaKeys.tree(), (tree) =>
    tree ? withFileCount(tree, categoryId, delta) : tree,
  );
}
