import type { QueryClient } from '@tanstack/react-query';
import { forumKeys } from './query-keys';

/**
 * The unread markers changed (issue 17): a thread was opened (which marks it read) or written to. The forum
 * list, the forum's thread list and the dashboard's 'Neu im Forum' load afresh when next shown.
 */
export function refreshReadMarkers(queryClient: QueryClient, forumId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: forumKeys.list() }),
    queryClient.invalidateQueries({ queryKey: forumKeys.forum(forumId) }),
    queryClient.invalidateQueries({ queryKey: forumKeys.unread() }),
  ]);
}
