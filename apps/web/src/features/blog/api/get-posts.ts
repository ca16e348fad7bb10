import { BLOG_API, ZBlogPage } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withQuery } from '../../../lib/form-data';
import { api } from '../../../lib/portal';
import { apiListQuery, type BlogListQuery } from '../lib/list-query';
import { blogKeys } from './query-keys';

/** GET /api/blog/?page&tag&ceo: one page of posts, the total and the tags in use (for the chips). */
function postsQuery(query: BlogListQuery) {
  return queryOptions({
    queryKey: blogKeys.list(query),
    queryFn: ({ signal }) =>
      api.get(withQuery(BLOG_API.list, apiListQuery(query)), { schema: ZBlogPage, signal }),
  });
}

/** Keeps the previous page on screen while the next one loads, so paging does not flash. */
export function usePosts(query: BlogListQuery) {
  return useQuery({ ...postsQuery(query), placeholderData: keepPreviousData });
}
