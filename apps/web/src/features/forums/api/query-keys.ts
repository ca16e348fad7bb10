import type { ThreadPageParam } from '../lib/paging';

/** TanStack Query keys of the forums feature. */
export const forumKeys = {
  all: ['forums'] as const,
  list: () => [...forumKeys.all, 'list'] as const,
  forum: (id: number) => [...forumKeys.all, 'forum', id] as const,
  forumPage: (id: number, page: number) => [...forumKeys.forum(id), page] as const,
  thread: (id: number) => [...forumKeys.all, 'thread', id] as const,
  threadPage: (id: number, page: ThreadPageParam) => [...forumKeys.thread(id), page] as const,
  /** issue 37: a post's versions and who reacted to it */
  post: (id: number) => [...forumKeys.all, 'post', id] as const,
  versions: (id: number) => [...forumKeys.post(id), 'versions'] as const,
  reactions: (id: number) => [...forumKeys.post(id), 'reactions'] as const,
  /** 'Neu im Forum': how many threads hold posts the member has not seen. */
  unread: () => [...forumKeys.all, 'unread'] as const,
};
