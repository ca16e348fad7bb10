import { FORUM_POSTS_PAGE_SIZE, pageCount, type TAppAddresses } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { MailOutbox, OutgoingMail } from '../../platform/mail/mail-outbox.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { createUnsubscribeTokens } from '../../platform/mail/unsubscribe-token.ts';
import { createForumsRepository } from './forums.repository.ts';
import { createReplyFollowersRepository } from './reply-followers.repository.ts';
import { replyMail } from './reply-mail.ts';

/**
 * Of these members, those whose forum reply mails are on, each with the version of their settings that the
 * unsubscribe link signs. The notifications feature owns the settings and answers this (app.ts wires it in);
 * it runs in the reply's transaction, on the executor it is given.
 */
export type ReplyMailRecipients = (
  executor: Executor,
  userIds: readonly number[],
) => Promise<Map<number, { version: number }>>;

/** What the forums need to mail followers about replies. */
export interface ForumReplyMailDeps {
  outbox: MailOutbox;
  mailWorker: Pick<MailWorker, 'notify'>;
  /** for the links in the mail (the unsubscribe address on the portal's own) */
  addresses: TAppAddresses;
  /** signs the one-click unsubscribe links */
  jwtSecret: string;
  /** which followers have forum reply mails on (features/notifications) */
  recipients: ReplyMailRecipients;
}

export interface NewReply {
  threadId: number;
  postId: number;
  content: string;
  author: { id: number; username: string };
  at: Date;
}

/**
 * Reply mails (issue 17): inside the reply's transaction, one mail per follower who may get one, and the
 * follower's mail guard set, so that further replies mail nobody twice until they open the thread.
 */
export function createForumReplyMails(db: Kysely<DB>, deps: ForumReplyMailDeps) {
  const followers = createReplyFollowersRepository();
  const forums = createForumsRepository(db);
  const tokens = createUnsubscribeTokens(deps.jwtSecret, deps.addresses.publicUrl);

  /** The followers to mail about the reply, by id: those with forum reply mails on, with their settings version. */
  async function recipientsOf(trx: Executor, reply: NewReply) {
    const candidates = await followers.followersToMail(trx, reply.threadId, reply.author.id);
    if (candidates.length === 0) return [];
    const settings = await deps.recipients(
      trx,
      candidates.map((follower) => follower.userId),
    );
    return candidates.flatMap((follower) => {
      const on = settings.get(follower.userId);
      return on ? [{ ...follower, version: on.version }] : [];
    });
  }

  return {
    /** Queues the mails about the reply in the caller's transaction; returns how many were queued. */
    async queue(trx: Executor, reply: NewReply): Promise<number> {
      const recipients = await recipientsOf(trx, reply);
      if (recipients.length === 0) return 0;
      const thread = await forums.findThread(trx, reply.threadId);
      const forum = thread && (await forums.findForum(trx, thread.forumId));
      if (!thread || !forum) return 0;
      // One topic per reply: mailed_at keeps it to one mail per thread until the follower opens it, and a
      // follower who opened the thread while an earlier mail still waited (a throttled queue) gets this one.
      const topic = `forum-thread:${thread.id}:${reply.postId}`;
      // the reply is the thread's newest post: on its last page
      const page = pageCount(thread.postCount, FORUM_POSTS_PAGE_SIZE);
      // followers sharing an address get one mail
      const taken = new Set<string>();
      const mails: OutgoingMail[] = [];
      for (const follower of recipients) {
        const address = follower.email.toLowerCase();
        if (taken.has(address)) continue;
        taken.add(address);
        const unsubscribeUrl = tokens.url(
          { userId: follower.userId, kind: 'forumReplies', version: follower.version },
          follower.email,
        );
        const mail = replyMail({
          forum: { id: forum.id, name: forum.name },
          thread: { id: thread.id, name: thread.name },
          post: { id: reply.postId, content: reply.content, page },
          authorName: reply.author.username,
          addresses: deps.addresses,
          unsubscribeUrl,
        });
        mails.push({ ...mail, recipient: follower.email, topic, listUnsubscribe: unsubscribeUrl });
      }
      await followers.markMailed(
        trx,
        thread.id,
        recipients.map((follower) => follower.userId),
        reply.at,
      );
      if (mails.length > 0) await deps.outbox.enqueue(trx, mails, reply.at);
      return mails.length;
    },

    /** After the commit: a started worker sends at once. */
    notify(): void {
      deps.mailWorker.notify();
    },
  };
}
