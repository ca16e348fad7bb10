import type { TContentCategory } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { categoryKeys } from './query-keys';

/**
 * Every category write answers with the whole tree (SPEC §4), which replaces the drawer's tree; quick
 * access and the content pages' categories (names, parents) are read again.
 */
export function replaceTree(queryClient: QueryClient, tree: TContentCategory[]): void {
  queryClient.setQueryData(categoryKeys.tree(), tree);
  void queryClient.invalidateQueries({ queryKey: categoryKeys.quickAccess() });
  void queryClient.invalidateQueries({ queryKey: categoryKeys.details() });
}
