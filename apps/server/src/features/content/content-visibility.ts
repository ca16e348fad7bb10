/**
 * Who may read a content item (SPEC §2, ARCHITECTURE §4): the one rule of the content pages, the digest and
 * the search. ROLE_USER and above (a partner opens no content page), and only the items filed under a category
 * they may see, as the categories' rule decides it (features/categories, CategoryAccess.visible).
 */
import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../platform/db/schema.ts';
import { opensContentPages } from '../categories/index.ts';

export interface ContentReaders {
  /** the categories they may see: an item is theirs when filed under one of them */
  categoryIds: ReadonlySet<number>;
  /** the rule as a condition over an item a query reaches by its id */
  filedUnder(item: Expression<number>): Expression<SqlBool>;
}

const eb = expressionBuilder<DB>();

/** Undefined when they may read no content item; `visibleCategories` is asked only for ROLE_USER. */
export async function contentReaders(
  principal: Principal,
  visibleCategories: () => Promise<Iterable<number>>,
): Promise<ContentReaders | undefined> {
  if (!opensContentPages(principal.roles)) return undefined;
  const categoryIds = new Set(await visibleCategories());
  if (categoryIds.size === 0) return undefined;
  return {
    categoryIds,
    filedUnder: (item) =>
      eb.exists(
        eb
          .selectFrom('contentItemCategories as c')
          .select(eb.lit(1).as('one'))
          .where('c.contentItemId', '=', item)
          .where('c.categoryId', 'in', [...categoryIds]),
      ),
  };
}
