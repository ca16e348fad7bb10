import { BLOG_API, ZBreakingNewsResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/portal';

/**
 * GET /api/blog/sendAsBreakingNews/{id}: 202 once the mails are queued. Silent: a failure shows the SPEC §8
 * text instead of the server's message.
 */
function sendBreakingNews(id: number) {
  return api.get(BLOG_API.breakingNews(id), { schema: ZBreakingNewsResult, silent: true });
}

export function useSendBreakingNews() {
  return useMutation({ mutationFn: sendBreakingNews });
}
