import type { BlogListQuery } from '../lib/list-query';

/** TanStack Query keys of the blog; everything under `all` is refreshed after a save or a deletion. */
export const blogKeys = {
  all: ['blog'] as const,
  lists: () => [...blogKeys.all, 'list'] as const,
  list: (query: BlogListQuery) => [...blogKeys.lists(), query] as const,
  post: (id: number) => [...blogKeys.all, 'post', id] as const,
  latest: (max: number) => [...blogKeys.all, 'latest', max] as const,
  formData: () => [...blogKeys.all, 'formData'] as const,
  /** issue 34: the member's circulars to confirm, and the office's lists of one circular */
  toConfirm: () => [...blogKeys.all, 'toConfirm'] as const,
  confirmations: (id: number) => [...blogKeys.all, 'confirmations', id] as const,
};
