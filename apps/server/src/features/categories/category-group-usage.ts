import type { Executor } from '../../platform/db/executor.ts';
import { rowCount } from '../../platform/db/row-count.ts';
import type { GroupUsage } from '../../platform/registry/group-usage.ts';

const shownTo = (executor: Executor, groupId: number) =>
  executor.selectFrom('contentCategoryGroups').where('contentCategoryGroups.groupId', '=', groupId);

/** The content categories shown to a group, for the groups screen (features/admin). */
export const categoryGroupUsage: Pick<GroupUsage, 'categories'> = {
  categories: {
    count: (executor, groupId) => rowCount(shownTo(executor, groupId)),
    first: (db, groupId, limit) =>
      shownTo(db, groupId)
        .innerJoin('contentCategories', 'contentCategories.id', 'contentCategoryGroups.categoryId')
        .select(['contentCategories.id', 'contentCategories.name'])
        .orderBy('contentCategories.name')
        .orderBy('contentCategories.id')
        .limit(limit)
        .execute(),
  },
};
