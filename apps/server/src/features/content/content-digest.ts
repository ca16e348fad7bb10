import type { Kysely } from 'kysely';
import { type NewsRows, type NewsWindow, newsRows, totalCount } from '../../platform/db/news-rows.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { ContentReaders } from './content-visibility.ts';

export interface ChangedItem {
  id: number;
  title: string;
  /** the first of the item's categories among those asked for: the page the item is linked on */
  categoryId: number;
}

/** What the content pages contribute to the digest (features/notifications, issue 17). */
export function createContentDigestSource(db: Kysely<DB>) {
  return {
    /**
     * Content items changed in the window that the member may read (content-visibility.ts), the latest change
     * first.
     */
    async changedItems(
      readers: ContentReaders,
      window: NewsWindow,
      limit: number,
    ): Promise<NewsRows<ChangedItem>> {
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
      return newsRows(rows, (row) => ({ id: row.id, title: row.title, categoryId: row.categoryId }));
    },
  };
}
