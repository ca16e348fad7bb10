import { APP_PATHS } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { DigestSection } from '../../platform/registry/digest-section.ts';
import { createCategoryAccess, opensContentPages } from '../categories/index.ts';
import { contentReaders } from './content-visibility.ts';

/**
 * The categories a member may see, as features/categories works them out; members of the same groups see the
 * same ones, so a digest run works them out once per set of groups.
 */
function visibleCategoriesOfRun(db: Kysely<DB>): (principal: Principal) => Promise<number[]> {
  const categoryAccess = createCategoryAccess(db);
  const categoriesByGroups = new Map<string, Promise<number[]>>();
  return (principal) => {
    const key = principal.isAdmin ? 'admin' : [...principal.groupIds].sort((a, b) => a - b).join(',');
    let ids = categoriesByGroups.get(key);
    if (!ids) {
      ids = categoryAccess.visible(principal).then((visible) => [...visible.keys()]);
      categoriesByGroups.set(key, ids);
    }
    return ids;
  };
}

/**
 * What the content pages contribute to the digest (features/notifications, issue 17): content items changed in
 * the window that the member may read (content-visibility.ts), the latest change first, each linked on the
 * first of its categories among those they may see.
 */
export const contentDigest: DigestSection = {
  title: 'Geänderte Inhaltsseiten',
  counted: { one: 'Inhaltsseite', many: 'Inhaltsseiten' },
  reads: opensContentPages,
  startRun(db) {
    const visibleCategories = visibleCategoriesOfRun(db);
    return async function changedItems({ principal }, window, limit) {
      const readers = await contentReaders(principal, () => visibleCategories(principal));
      if (!readers) return { rows: [], total: 0 };
      const rows = await db
        .selectFrom('contentItems as i')
        .innerJoin('contentItemCategories as c', 'c.contentItemId', 'i.id')
        .select((eb) => [
          'i.id',
          'i.title',
          'i.updatedAt',
          eb.fn.min<number>('c.categoryId').as('categoryId'),
          totalCount,
        ])
        .where('c.categoryId', 'in', [...readers.categoryIds])
        .where('i.updatedAt', '>', window.start)
        .where('i.updatedAt', '<=', window.end)
        .groupBy(['i.id', 'i.title', 'i.updatedAt'])
        .orderBy('i.updatedAt', 'desc')
        .orderBy('i.id', 'desc')
        .limit(limit)
        .execute();
      return newsRows(rows, (row) => ({
        label: row.title,
        path: APP_PATHS.contentItem(row.categoryId, row.id),
      }));
    };
  },
};
