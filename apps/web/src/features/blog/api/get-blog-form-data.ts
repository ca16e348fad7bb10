import { BLOG_API, ZBlogFormData } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

/**
 * GET /api/blog/formData: the groups, the groups preselected for a new post and the tags in use. Silent:
 * the form shows 'Formular konnte nicht geladen werden' itself (SPEC §8).
 */
export function blogFormDataQuery() {
  return queryOptions({
    queryKey: blogKeys.formData(),
    queryFn: ({ signal }) => api.get(BLOG_API.formData, { schema: ZBlogFormData, signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

export function useBlogFormData() {
  return useQuery(blogFormDataQuery());
}
