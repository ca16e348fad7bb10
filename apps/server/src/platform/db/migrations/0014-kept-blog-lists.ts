import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { ColumnKit } from '../migration-kit.ts';

type SqlRunner = Parameters<RawBuilder<unknown>['execute']>[0];

/** the kept row (tag) that counts every post of an audience */
const ALL_POSTS = '';
/** rows per INSERT and ids per IN list when rebuilding */
const BATCH = 500;

/** An audience's `group_key`: its group ids sorted, comma-separated. */
const audienceKey = (groupIds: readonly number[]) => [...new Set(groupIds)].sort((a, b) => a - b).join(',');

/**
 * Blog lists at scale (issue 19, decision 0087): what a list counts is kept instead of recounted, and a page is
 * found in a narrow index.
 *
 * A post's audience is the set of groups it is shown to; posts with the same groups share one row of
 * `blog_audiences` (a handful in all). `blog_audience_tags` keeps per audience how many posts it holds (tag '')
 * and how many carry each tag; scheduled posts are counted too (a list takes away the few still ahead). The
 * blog repository keeps both in the transaction of every write; deleting a group deletes its rows in
 * `blog_audience_groups` (cascade), which is all that changes for the lists.
 *
 * A list page reads `blog_posts_list_idx` (publication order, with the audience) alone for its ids, then reads
 * the 10 posts; it replaces the index on (published_at, id).
 *
 * The search (PostgreSQL) gets a partial index per type on `id`: a common word walks the type's documents
 * newest first through it instead of reading every match.
 */
export async function up(db: Kysely<unknown>, kit: ColumnKit): Promise<void> {
  await db.schema
    .createTable('blog_audiences')
    .addColumn('id', kit.idType, kit.id)
    // the sorted group ids, comma-separated: '1,3'
    .addColumn('group_key', 'varchar(2000)', (col) => col.notNull().unique())
    .execute();
  await db.schema
    .createTable('blog_audience_groups')
    .addColumn('audience_id', 'integer', (col) =>
      col.notNull().references('blog_audiences.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (col) => col.notNull().references('user_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('blog_audience_groups_pk', ['group_id', 'audience_id'])
    .execute();
  await db.schema
    .createIndex('blog_audience_groups_audience_idx')
    .on('blog_audience_groups')
    .column('audience_id')
    .execute();
  await db.schema
    .createTable('blog_audience_tags')
    .addColumn('audience_id', 'integer', (col) =>
      col.notNull().references('blog_audiences.id').onDelete('cascade'),
    )
    // '' counts every post of the audience
    .addColumn('tag', 'varchar(50)', (col) => col.notNull())
    .addColumn('posts', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('blog_audience_tags_pk', ['audience_id', 'tag'])
    .execute();
  // null while the post has no group (in no list)
  await db.schema
    .alterTable('blog_posts')
    .addColumn('audience_id', 'integer', (col) => col.references('blog_audiences.id'))
    .execute();
  await db.schema.dropIndex('blog_posts_published_idx').execute();
  await db.schema
    .createIndex('blog_posts_list_idx')
    .on('blog_posts')
    .columns(['published_at', 'id', 'audience_id'])
    .execute();
  await rebuildBlogLists(db);

  if (kit.kind === 'postgres') {
    for (const type of ['blog', 'content', 'event', 'forum', 'media']) {
      await sql`create index ${sql.id(`search_documents_newest_${type}`)} on search_documents (id)
        where type = ${sql.lit(type)}`.execute(db);
    }
  }
}

/**
 * Writes every audience and count from the posts' groups and tags already there. A frozen copy: the blog
 * feature keeps them from then on (features/blog/blog-lists.ts, which rebuilds them its own way).
 */
async function rebuildBlogLists(db: SqlRunner): Promise<void> {
  await sql`update blog_posts set audience_id = null where audience_id is not null`.execute(db);
  await sql`delete from blog_audience_tags`.execute(db);
  await sql`delete from blog_audience_groups`.execute(db);
  await sql`delete from blog_audiences`.execute(db);
  const { rows: links } = await sql<{ post: number; grp: number }>`select blog_post_id as post,
    group_id as grp from blog_post_groups order by blog_post_id, group_id`.execute(db);
  const groupsOf = new Map<number, number[]>();
  for (const link of links) groupsOf.set(link.post, [...(groupsOf.get(link.post) ?? []), link.grp]);
  const postsOf = new Map<string, { groups: number[]; posts: number[] }>();
  for (const [post, groups] of groupsOf) {
    const key = audienceKey(groups);
    const entry = postsOf.get(key) ?? { groups, posts: [] };
    entry.posts.push(post);
    postsOf.set(key, entry);
  }
  const audienceOf = new Map<number, number>();
  for (const [key, { groups, posts }] of postsOf) {
    const { rows } = await sql<{ id: number }>`insert into blog_audiences (group_key) values (${key})
      returning id`.execute(db);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('blog audience not stored');
    const pairs = groups.map((group) => sql`(${id}, ${group})`);
    await sql`insert into blog_audience_groups (audience_id, group_id) values ${sql.join(pairs)}`.execute(db);
    for (let at = 0; at < posts.length; at += BATCH) {
      const ids = posts.slice(at, at + BATCH);
      await sql`update blog_posts set audience_id = ${id} where id in (${sql.join(ids)})`.execute(db);
    }
    for (const post of posts) audienceOf.set(post, id);
  }
  const counts = new Map<string, { audience: number; tag: string; posts: number }>();
  const count = (audience: number, tag: string) => {
    const key = `${audience}\u0000${tag}`;
    const entry = counts.get(key) ?? { audience, tag, posts: 0 };
    entry.posts += 1;
    counts.set(key, entry);
  };
  for (const audience of audienceOf.values()) count(audience, ALL_POSTS);
  const { rows: tags } = await sql<{ post: number; tag: string }>`select blog_post_id as post, tag as tag
    from blog_post_tags`.execute(db);
  for (const row of tags) {
    const audience = audienceOf.get(row.post);
    if (audience !== undefined) count(audience, row.tag);
  }
  const rows = [...counts.values()];
  for (let at = 0; at < rows.length; at += BATCH) {
    const values = rows.slice(at, at + BATCH).map((row) => sql`(${row.audience}, ${row.tag}, ${row.posts})`);
    await sql`insert into blog_audience_tags (audience_id, tag, posts) values ${sql.join(values)}`.execute(
      db,
    );
  }
}
