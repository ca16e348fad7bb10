import { BLOG_API, ZBlog } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as zm from 'zod/mini';
import { api } from '../../../lib/portal';
import { blogKeys } from './query-keys';

// zod/mini, as ZBlog: the build gives zod/mini a core of its own (decision 0097), which classic zod cannot wrap.
const ZToConfirm = zm.array(ZBlog);

/** GET /api/blog/toConfirm: the circulars the member still has to confirm, soonest deadline first. */
function toConfirmQuery() {
  return queryOptions({
    queryKey: blogKeys.toConfirm(),
    queryFn: ({ signal }) => api.get(BLOG_API.toConfirm, { schema: ZToConfirm, signal }),
  });
}

export function useToConfirm() {
  return useQuery(toConfirmQuery());
}

/** The ids of the circulars still to confirm, for the markers in lists (empty while loading). */
export function useToConfirmIds(): ReadonlySet<number> {
  const { data } = useToConfirm();
  return new Set((data ?? []).map((post) => post.id));
}
