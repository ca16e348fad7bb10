import { BLOG_API, type TBlog, ZConfirmationReminderResult, ZConfirmations } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

/** GET /api/blog/{id}/confirmations (admins): who confirmed the circular and who is still pending. */
function confirmationsQuery(id: number) {
  return queryOptions({
    queryKey: blogKeys.confirmations(id),
    queryFn: ({ signal }) => api.get(BLOG_API.confirmations(id), { schema: ZConfirmations, signal }),
  });
}

export function useConfirmations(id: number) {
  return useQuery(confirmationsQuery(id));
}

/** GET /api/blog/{id}/confirmations.csv, named from Content-Disposition. */
export function downloadConfirmations(post: Pick<TBlog, 'id'>): Promise<void> {
  return downloadFile(BLOG_API.confirmationsCsv(post.id), `lesebestaetigungen-${post.id}.csv`);
}

/**
 * POST /api/blog/{id}/confirmationReminder: 'Erinnerung senden'. Silent: the server's German refusal (within
 * 24 hours of the last one, no one pending) is shown beside the button rather than in the red banner.
 */
function sendReminder(id: number) {
  return api.post(BLOG_API.confirmationReminder(id), undefined, {
    schema: ZConfirmationReminderResult,
    silent: true,
  });
}

export function useSendReminder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendReminder(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: blogKeys.confirmations(id) }),
  });
}
