/**
 * Issue 19: the blog lists' totals and tags are kept per audience (features/blog/blog-lists.ts) instead of
 * recounted over every post, and a page is found in a narrow index. After every write path (create, edit of
 * tags, groups and publication date, a scheduled post falling due, breaking news, a group made internal or
 * deleted by an admin, deletion) each list of each kind of user, with and without a tag, must answer what a
 * recount over the posts themselves gives.
 */
import { ADMIN_API, BLOG_API, BLOG_PAGE_SIZE, type TBlog } from '@portal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildBlogLists } from '../../src/features/blog/index.ts';
import { call } from '../admin/admin-helpers.ts';
import { buildGroup } from '../helpers/builders.ts';
import { createWorld, type World } from '../helpers/world.ts';
import { ago, ahead, createPost, HOUR, listPosts, postInput, savePost } from './blog-helpers.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const USERS = ['admin', 'mitglied', 'chef', 'beide', 'partner'] as const;
type User = (typeof USERS)[number];

/** A list as a recount over the posts gives it: the total, the tags in use and the first page's ids. */
async function recount(user: User, ceo: boolean, tag: string | undefined) {
  const db = w.t.database.db;
  const account = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('username', '=', user)
    .executeTakeFirstOrThrow();
  const admin = account.role === 'ROLE_ADMIN';
  const groups = (
    await (admin
      ? db.selectFrom('userGroups').select('id').where('internal', '=', ceo)
      : db
          .selectFrom('userGroupMembers as m')
          .innerJoin('userGroups as g', 'g.id', 'm.groupId')
          .select('g.id')
          .where('m.userId', '=', account.id)
          .where('g.internal', '=', ceo)
    ).execute()
  ).map((row) => row.id);
  if (groups.length === 0) return { total: 0, tags: [], first: [] };
  const now = new Date();
  const visible = sql`exists (select 1 from blog_post_groups g where g.blog_post_id = p.id
    and g.group_id in (${sql.join(groups)})) ${admin ? sql`` : sql`and p.published_at <= ${now}`}`;
  const tagged =
    tag === undefined
      ? sql`1 = 1`
      : sql`exists (select 1 from blog_post_tags t where t.blog_post_id = p.id and t.tag = ${tag})`;
  const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from blog_posts p
    where ${visible} and ${tagged}`.execute(db);
  const { rows: tags } = await sql<{ tag: string }>`select distinct t.tag as tag from blog_post_tags t
    join blog_posts p on p.id = t.blog_post_id where ${visible} order by t.tag`.execute(db);
  const { rows: first } = await sql<{ id: number }>`select p.id as id from blog_posts p
    where ${visible} and ${tagged} order by p.published_at desc, p.id desc limit ${BLOG_PAGE_SIZE}`.execute(
    db,
  );
  return {
    total: Number(counted[0]?.n ?? 0),
    tags: tags.map((row) => row.tag),
    first: first.map((row) => row.id),
  };
}

/** Every list of every user, with each tag in use and one that is not, against the recount. */
async function expectListsKept(): Promise<void> {
  const { rows } = await sql<{ tag: string }>`select distinct tag as tag from blog_post_tags`.execute(
    w.t.database.db,
  );
  const tags = [undefined, 'Nirgends', ...rows.map((row) => row.tag)];
  for (const user of USERS) {
    for (const ceo of [false, true]) {
      for (const tag of tags) {
        const query = new URLSearchParams({
          ...(ceo ? { ceo: 'true' } : {}),
          ...(tag === undefined ? {} : { tag }),
        });
        const page = await listPosts(w, w.as[user], query.toString());
        const expected = await recount(user, ceo, tag);
        expect(
          { total: page.total, tags: page.tags, first: page.items.map((post) => post.id) },
          `${user} ceo=${ceo} tag=${tag}`,
        ).toEqual(expected);
      }
    }
  }
}

async function edit(post: TBlog, changes: Partial<Parameters<typeof postInput>[1]>): Promise<TBlog> {
  const response = await savePost(
    w,
    w.as.admin,
    postInput(w, {
      id: post.id,
      title: post.title,
      visibleForUserGroups: post.visibleForUserGroups,
      publishedAt: post.publishedAt,
      tags: post.tags,
      ...changes,
    }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TBlog>();
}

async function newGroup(name: string): Promise<number> {
  return (await buildGroup(w, { name })).id;
}

describe('kept blog lists', () => {
  const posts: Record<string, TBlog> = {};
  let nord = 0;

  it('should count new posts in the lists of their groups, scheduled ones for admins only', async () => {
    const { mitglieder, partner, gf } = w.groups;
    posts.a = await createPost(w, {
      title: 'A',
      visibleForUserGroups: [mitglieder],
      tags: ['Technik', 'Recht'],
    });
    posts.b = await createPost(w, {
      title: 'B',
      visibleForUserGroups: [mitglieder, partner],
      tags: ['Technik'],
    });
    posts.c = await createPost(w, { title: 'C', visibleForUserGroups: [gf], tags: ['Vorstand'] });
    posts.d = await createPost(w, { title: 'D', visibleForUserGroups: [mitglieder, gf], tags: ['Recht'] });
    posts.e = await createPost(w, {
      title: 'E',
      visibleForUserGroups: [mitglieder],
      tags: ['Messe'],
      publishedAt: ahead(24 * HOUR),
    });
    posts.f = await createPost(w, { title: 'F', visibleForUserGroups: [partner], tags: [] });
    await expectListsKept();
    const member = await listPosts(w, w.as.mitglied);
    expect(member.total).toBe(3);
    expect(member.tags).toEqual(['Recht', 'Technik']);
  });

  it('should follow a post whose tags, groups or publication date change', async () => {
    posts.a = await edit(posts.a as TBlog, { tags: ['Recht', 'Normen'] });
    await expectListsKept();
    posts.b = await edit(posts.b as TBlog, { visibleForUserGroups: [w.groups.gf] });
    await expectListsKept();
    posts.d = await edit(posts.d as TBlog, { publishedAt: ahead(2 * HOUR) });
    posts.e = await edit(posts.e as TBlog, { publishedAt: ago(HOUR) });
    await expectListsKept();
    posts.f = await edit(posts.f as TBlog, { tags: ['Messe', 'Technik'] });
    await expectListsKept();
  });

  it('should count a scheduled post once its time has come', async () => {
    // the clock passing the post's time: its publication date moves into the past, not through a save
    await w.t.database.db
      .updateTable('blogPosts')
      .set({ publishedAt: new Date(Date.now() - 60_000) })
      .where('id', '=', (posts.d as TBlog).id)
      .execute();
    await expectListsKept();
  });

  it('should keep the lists through breaking news', async () => {
    const response = await w.app.inject({
      url: BLOG_API.breakingNews((posts.a as TBlog).id),
      headers: w.as.admin,
    });
    expect(response.statusCode, response.body).toBe(202);
    await expectListsKept();
  });

  it('should follow a group an admin makes internal and then deletes', async () => {
    nord = await newGroup('Landesverband Nord');
    posts.g = await createPost(w, {
      title: 'G',
      visibleForUserGroups: [nord, w.groups.mitglieder],
      tags: ['Technik'],
    });
    posts.h = await createPost(w, { title: 'H', visibleForUserGroups: [nord], tags: ['Normen', 'Nord'] });
    await expectListsKept();
    const patched = await call(w, 'PATCH', ADMIN_API.group(nord), w.as.admin, { internal: true });
    expect(patched.statusCode, patched.body).toBe(200);
    await expectListsKept();
    const deleted = await call(w, 'DELETE', `${ADMIN_API.group(nord)}?confirm=true`, w.as.admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expectListsKept();
    // a post saved again afterwards with the groups it has left
    posts.g = await edit(posts.g as TBlog, { visibleForUserGroups: [w.groups.mitglieder], tags: ['Recht'] });
    posts.h = await edit(posts.h as TBlog, { visibleForUserGroups: [w.groups.partner] });
    await expectListsKept();
  });

  it('should take deleted posts out of the lists', async () => {
    for (const post of [posts.a, posts.c] as TBlog[]) {
      const response = await w.app.inject({
        method: 'DELETE',
        url: BLOG_API.byId(post.id),
        headers: w.as.admin,
      });
      expect(response.statusCode, response.body).toBe(204);
    }
    await expectListsKept();
  });

  it('should page many posts from the index in the same order as the recount', async () => {
    for (let n = 0; n < 23; n += 1) {
      await createPost(w, {
        title: `Serie ${n}`,
        visibleForUserGroups: n % 2 ? [w.groups.mitglieder] : [w.groups.mitglieder, w.groups.partner],
        tags: n % 3 ? ['Serie'] : [],
        // two at the same moment: the higher id first
        publishedAt: new Date(Date.parse('2026-01-01T00:00:00Z') + Math.floor(n / 2) * HOUR).toISOString(),
      });
    }
    await expectListsKept();
    const first = await listPosts(w, w.as.mitglied);
    const seen = [];
    for (let page = 1; page <= Math.ceil(first.total / BLOG_PAGE_SIZE) + 1; page += 1)
      seen.push(...(await listPosts(w, w.as.mitglied, `page=${page}`)).items.map((post) => post.id));
    const { rows } = await sql<{ id: number }>`select p.id as id from blog_posts p where exists (select 1
      from blog_post_groups g where g.blog_post_id = p.id and g.group_id = ${w.groups.mitglieder})
      and p.published_at <= ${new Date()} order by p.published_at desc, p.id desc`.execute(w.t.database.db);
    expect(seen).toEqual(rows.map((row) => row.id));
  });

  it('should answer from the kept counts, not a recount, until they are rebuilt', async () => {
    // a post written straight into the tables, past the repository: not counted …
    const db = w.t.database.db;
    const now = new Date();
    const { id } = await db
      .insertInto('blogPosts')
      .values({
        title: 'Direkt',
        preText: '',
        content: '<p>x</p>',
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('blogPostGroups').values({ blogPostId: id, groupId: w.groups.mitglieder }).execute();
    await db.insertInto('blogPostTags').values({ blogPostId: id, tag: 'Direkt' }).execute();
    const before = await recount('mitglied', false, undefined);
    const listed = await listPosts(w, w.as.mitglied);
    expect(listed.total).toBe(before.total - 1);
    expect(listed.tags).not.toContain('Direkt');
    // … until the lists are rebuilt from the posts, as after seeding a large data set
    await db.transaction().execute((trx) => rebuildBlogLists(trx));
    await expectListsKept();
  });
});
