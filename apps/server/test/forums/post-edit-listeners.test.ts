/**
 * The forums' seams of issue 37 (forums.service.ts): the post-written listeners hear every edit (`edited: true`)
 * and the post-deleted listeners a member's deletion of their reply, each in the write's transaction, so that
 * a listener that fails undoes the write.
 */
import type { TForumPost } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createForumsService,
  type ForumsFeatureDeps,
  type PostWritten,
} from '../../src/features/forums/index.ts';
import type { Principal } from '../../src/platform/auth/principal.ts';
import { userId } from '../helpers/factories.ts';
import { versionRows } from './edit-helpers.ts';
import {
  createForum,
  createForumWorld,
  createPost,
  createThread,
  type ForumWorld,
  readThread,
} from './forum-helpers.ts';

let w: ForumWorld;
let forumId: number;
beforeAll(async () => {
  w = await createForumWorld();
  forumId = (await createForum(w)).id;
});
afterAll(() => w.t.close());

async function principal(username: string): Promise<Principal> {
  const found = await w.app.accounts.principal(await userId(w, username));
  if (!found) throw new Error(`no principal ${username}`);
  return found;
}

/** The app's forums, with the listeners given. */
function forumsWith(listeners: Pick<ForumsFeatureDeps, 'postWritten' | 'postDeleted'>) {
  const { app } = w.t;
  return createForumsService({
    db: w.t.database.db,
    storage: app.storage,
    signer: app.signer,
    search: app.searchIndex,
    ...listeners,
  });
}

const edit = (content: string) => ({ content, removeMedia: [], uploads: [], fields: '' });

describe('the listeners of edits and deletions', () => {
  it('should tell the post-written listeners of every edit, with the text as saved, in its transaction', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    const heard: { post: PostWritten; stored: string | undefined }[] = [];
    const forums = forumsWith({
      postWritten: [
        async (trx, post) => {
          const row = await trx
            .selectFrom('forumPosts')
            .select('content')
            .where('id', '=', post.postId)
            .executeTakeFirst();
          heard.push({ post, stored: row?.content });
        },
      ],
    });
    const admin = await principal('admin');
    await forums.editPost(
      admin,
      reply.id,
      edit('<p>Hallo <a href="/personen/3" data-mention="3">@x</a></p>'),
    );
    // an edit that changes nothing is no edit
    await forums.editPost(
      admin,
      reply.id,
      edit('<p>Hallo <a href="/personen/3" data-mention="3">@x</a></p>'),
    );
    await forums.renameThread(await principal('mitglied'), thread.id, 'Neuer Titel');

    const content = '<p>Hallo <a href="/personen/3" data-mention="3">@x</a></p>';
    expect(heard).toEqual([
      {
        post: {
          postId: reply.id,
          threadId: thread.id,
          authorId: await userId(w, 'kollege'),
          editorId: admin.id,
          content,
          isFirst: false,
          edited: true,
          at: expect.any(Date),
        },
        stored: content,
      },
      {
        post: expect.objectContaining({
          postId: (thread.posts[0] as TForumPost).id,
          authorId: await userId(w, 'mitglied'),
          isFirst: true,
          edited: true,
          content: (thread.posts[0] as TForumPost).content,
        }),
        stored: (thread.posts[0] as TForumPost).content,
      },
    ]);
  });

  it('should undo the edit when a listener fails', async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    const forums = forumsWith({
      postWritten: [
        async () => {
          throw new Error('listener failed');
        },
      ],
    });
    await expect(forums.editPost(await principal('kollege'), reply.id, edit('<p>Neu</p>'))).rejects.toThrow(
      'listener failed',
    );
    expect(await versionRows(w, reply.id)).toEqual([]);
    expect((await readThread(w, thread.id)).posts[1]).toMatchObject({
      content: reply.content,
      versionCount: 1,
    });
  });

  it("should tell the post-deleted listeners of a member's deletion of their reply, before it is emptied", async () => {
    const thread = await createThread(w, forumId);
    const reply = await createPost(w, thread.id);
    const heard: unknown[] = [];
    const forums = forumsWith({
      postDeleted: [
        async (trx, post) => {
          const row = await trx
            .selectFrom('forumPosts')
            .select(['content', 'deletedAt'])
            .where('id', '=', post.postId)
            .executeTakeFirst();
          heard.push({ post, row });
        },
      ],
    });
    const kollege = await principal('kollege');
    await forums.deletePost(kollege, reply.id);
    await forums.deletePost(kollege, reply.id);
    expect(heard).toEqual([
      {
        post: { postId: reply.id, threadId: thread.id, authorId: kollege.id },
        row: { content: reply.content, deletedAt: null },
      },
    ]);

    const kept = await createPost(w, thread.id);
    const failing = forumsWith({
      postDeleted: [
        async () => {
          throw new Error('listener failed');
        },
      ],
    });
    await expect(failing.deletePost(kollege, kept.id)).rejects.toThrow('listener failed');
    expect((await readThread(w, thread.id)).posts[2]).toMatchObject({
      content: kept.content,
      deleted: false,
    });
  });
});
