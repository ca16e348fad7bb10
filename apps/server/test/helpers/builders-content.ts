/** Set-up rows of news posts, content categories and content pages (see builders.ts). */
import { rebuildBlogLists } from '../../src/features/blog/index.ts';
import { at, type Builder, type Built, dbOf, groupIds, type Moment, nextNumber } from './builders.ts';

/**
 * A news post for 'Mitglieder' (unless `groups` says otherwise), published an hour ago; the kept list counts
 * (decision 0087) are written again from the posts afterwards.
 */
export async function buildPost(
  w: Builder,
  overrides: {
    title?: string;
    preText?: string;
    content?: string;
    publishedAt?: Moment;
    groups?: readonly number[];
    tags?: readonly string[];
    displayOnDashboard?: boolean;
    authorId?: number | null;
    createdAt?: Moment;
  } = {},
): Promise<{ id: number; title: string }> {
  const db = dbOf(w);
  const title = overrides.title ?? `Beitrag ${nextNumber()}`;
  const createdAt = at(overrides.createdAt);
  const row = await db
    .insertInto('blogPosts')
    .values({
      title,
      preText: overrides.preText ?? '<p>Kurz gesagt: es gibt Neues.</p>',
      content: overrides.content ?? '<p>Der ganze Beitrag.</p>',
      publishedAt: at(overrides.publishedAt, new Date(Date.now() - 60 * 60_000)),
      displayOnDashboard: overrides.displayOnDashboard ?? true,
      authorId: overrides.authorId ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groups = overrides.groups ?? (await groupIds(w, ['Mitglieder']));
  if (groups.length > 0) {
    await db
      .insertInto('blogPostGroups')
      .values(groups.map((groupId) => ({ blogPostId: row.id, groupId })))
      .execute();
  }
  const tags = [...new Set(overrides.tags ?? [])];
  if (tags.length > 0) {
    await db
      .insertInto('blogPostTags')
      .values(tags.map((tag) => ({ blogPostId: row.id, tag })))
      .execute();
  }
  await rebuildBlogLists(db);
  return { id: row.id, title };
}

/**
 * A content category (type 'content') for 'Mitglieder', at the root unless `parentId` is given, at position
 * 999 as the form leaves it.
 */
export async function buildCategory(
  w: Builder,
  overrides: {
    name?: string;
    type?: 'content' | 'url';
    url?: string | null;
    description?: string | null;
    parentId?: number | null;
    position?: number;
    showInQuickAccess?: boolean;
    groups?: readonly number[];
  } = {},
): Promise<Built> {
  const db = dbOf(w);
  const name = overrides.name ?? `Kategorie ${nextNumber()}`;
  const parentId = overrides.parentId ?? null;
  const parent =
    parentId === null
      ? undefined
      : await db
          .selectFrom('contentCategories')
          .select('level')
          .where('id', '=', parentId)
          .executeTakeFirstOrThrow();
  const now = new Date();
  const row = await db
    .insertInto('contentCategories')
    .values({
      name,
      type: overrides.type ?? 'content',
      url: overrides.url ?? null,
      description: overrides.description ?? null,
      parentId,
      level: parent ? Number(parent.level) + 1 : 1,
      position: overrides.position ?? 999,
      showInQuickAccess: overrides.showInQuickAccess ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const groups = overrides.groups ?? (await groupIds(w, ['Mitglieder']));
  if (groups.length > 0) {
    await db
      .insertInto('contentCategoryGroups')
      .values(groups.map((groupId) => ({ categoryId: row.id, groupId })))
      .execute();
  }
  return { id: row.id, name };
}

/** A content page (content item) in the categories given, without a table. */
export async function buildPage(
  w: Builder,
  overrides: {
    categories: readonly number[];
    title?: string;
    preText?: string | null;
    postText?: string | null;
    position?: number;
    createdAt?: Moment;
  },
): Promise<{ id: number; title: string }> {
  const db = dbOf(w);
  const title = overrides.title ?? `Seite ${nextNumber()}`;
  const createdAt = at(overrides.createdAt);
  const row = await db
    .insertInto('contentItems')
    .values({
      title,
      preText: overrides.preText ?? null,
      postText: overrides.postText ?? null,
      position: overrides.position ?? 0,
      createdAt,
      updatedAt: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (overrides.categories.length > 0) {
    await db
      .insertInto('contentItemCategories')
      .values(overrides.categories.map((categoryId) => ({ contentItemId: row.id, categoryId })))
      .execute();
  }
  return { id: row.id, title };
}
