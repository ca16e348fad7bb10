import type { Executor } from '../../platform/db/executor.ts';
import { rowCount } from '../../platform/db/row-count.ts';
import type { GroupUsage } from '../../platform/registry/group-usage.ts';

const shownTo = (executor: Executor, groupId: number) =>
  executor.selectFrom('blogPostGroups').where('blogPostGroups.groupId', '=', groupId);

/** The news posts shown to a group, for the groups screen (features/admin). */
export const blogGroupUsage: Pick<GroupUsage, 'posts'> = {
  posts: {
    count: (executor, groupId) => rowCount(shownTo(executor, groupId)),
    first: (db, groupId, limit) =>
      shownTo(db, groupId)
        .innerJoin('blogPosts', 'blogPosts.id', 'blogPostGroups.blogPostId')
        .select(['blogPosts.id', 'blogPosts.title'])
        .orderBy('blogPosts.title')
        .orderBy('blogPosts.id')
        .limit(limit)
        .execute(),
  },
};
