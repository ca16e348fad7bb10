/**
 * One long forum thread for the forum scenario: 2,000 posts by two members, a minute apart; every fifth post was
 * edited twice (issue 37: three versions), and ten more members reacted to them (issue 37: the page reads
 * versions and reactions in one query each), so pages read as a thread with history does. BENCH_THREAD_REACTIONS=0
 * seeds no reactions.
 */
import { REACTION_KINDS } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { AccountsService } from '../apps/server/src/features/accounts/accounts.service.ts';
import { createForumPostsRepository } from '../apps/server/src/features/forums/forum-posts.repository.ts';
import { createForumsRepository } from '../apps/server/src/features/forums/forums.repository.ts';
import type { DB } from '../apps/server/src/platform/db/schema.ts';

const MINUTE = 60 * 1000;
const REACTORS = 10;
const INSERT_CHUNK = 500;

/**
 * Reactions of REACTORS members on the thread's posts: each post has three or four, of changing kinds (about
 * 17,000 rows for 5,000 posts).
 */
async function seedReactions(db: Kysely<DB>, accounts: AccountsService, threadId: number): Promise<void> {
  const reactors: number[] = [];
  for (let i = 1; i <= REACTORS; i += 1) {
    const { id } = await accounts.upsertUser({
      username: `reaktion${i}`,
      email: `reaktion${i}@example.de`,
      roles: ['ROLE_USER'],
      groups: ['Mitglieder'],
    });
    reactors.push(id);
  }
  const posts = await db
    .selectFrom('forumPosts')
    .select(['id', 'createdAt'])
    .where('threadId', '=', threadId)
    .orderBy('id')
    .execute();
  const rows = posts.flatMap((post, index) =>
    reactors.flatMap((userId, r) =>
      (index + r) % 3 === 0
        ? [
            {
              postId: post.id,
              userId,
              kind: REACTION_KINDS[(index + r) % REACTION_KINDS.length] ?? 'thanks',
              createdAt: post.createdAt,
            },
          ]
        : [],
    ),
  );
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await db
      .insertInto('forumPostReactions')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
}

/** Returns the id of the thread. */
export async function seedLongThread(
  db: Kysely<DB>,
  accounts: AccountsService,
  posts: number,
): Promise<number> {
  const admin = await accounts.findUserByUsername('admin');
  const member = await accounts.findUserByUsername('mitglied');
  if (!admin || !member) throw new Error('seed the demo accounts first');
  const repo = createForumsRepository(db);
  const paragraph = '<p>Wir haben das bei uns so gelöst und gute Erfahrungen damit gemacht. </p>'.repeat(4);
  const start = Date.now() - posts * MINUTE;
  const threadId = await db.transaction().execute(async (trx) => {
    const forumId = await repo.insertForum(trx, {
      name: 'Technik & Normen',
      description: '<p>Fragen und Erfahrungen zu Glasarten, Verarbeitung und Normen.</p>',
    });
    const threadId = await repo.insertThread(trx, {
      forumId,
      name: 'Erfahrungen mit Vakuumisolierglas',
      authorId: admin.id,
      createdAt: new Date(start),
    });
    await createForumPostsRepository(db).insertPosts(
      trx,
      Array.from({ length: posts }, (_, index) => ({
        threadId,
        authorId: index % 2 === 0 ? admin.id : member.id,
        content: paragraph,
        isFirst: index === 0,
        createdAt: new Date(start + index * MINUTE),
      })),
    );
    await repo.recountThread(trx, threadId);
    await seedVersions(trx, threadId, paragraph);
    return threadId;
  });
  if (process.env.BENCH_THREAD_REACTIONS !== '0') await seedReactions(db, accounts, threadId);
  return threadId;
}

/** Three versions (the original and two edits, by the author) of every fifth post of the thread. */
async function seedVersions(db: Kysely<DB>, threadId: number, content: string): Promise<void> {
  const posts = await db
    .selectFrom('forumPosts')
    .select(['id', 'authorId', 'createdAt'])
    .where('threadId', '=', threadId)
    .orderBy('id')
    .execute();
  const versions = posts
    .filter((_post, index) => index % 5 === 4)
    .flatMap((post) =>
      [1, 2, 3].map((number) => ({
        postId: post.id,
        number,
        content,
        name: null,
        editorId: post.authorId,
        createdAt: new Date(post.createdAt.getTime() + (number - 1) * 1000),
      })),
    );
  for (let start = 0; start < versions.length; start += 500) {
    await db
      .insertInto('forumPostVersions')
      .values(versions.slice(start, start + 500))
      .execute();
  }
}
