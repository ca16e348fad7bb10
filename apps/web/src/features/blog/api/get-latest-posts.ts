import { BLOG_API, DASHBOARD_POST_COUNT, ZBlog } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as zm from 'zod/mini';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

const ZBlogList = zm.array(ZBlog);

/** GET /api/blog/count/{max}: the newest published posts meant for the dashboard (SPEC §9: 2). */
function latestPostsQuery(max: number = DASHBOARD_POST_COUNT) {
  return queryOptions({
    queryKey: blogKeys.latest(max),
    queryFn: ({ signal }) => api.get(BLOG_API.count(max), { schema: ZBlogList, signal }),
  });
}

export function useLatestPosts(max: number = DASHBOARD_POST_COUNT) {
  return useQuery(latestPostsQuery(max));
}
