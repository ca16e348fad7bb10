/**
 * Replies in the notification centre (issue 37 point 5): a listener of the post-written seam that tells the
 * followers of the thread about a new reply, as the reply mails do (not its author, only members who can
 * still read the forums), one notification per reply. A follower the reply mentions has the mention already
 * (forum-mentions.ts runs first): one notification, not two.
 */
import { notify } from '../../platform/notification-centre/notices.ts';
import { FORUM_ROLES, placeOf } from './forum-notices.ts';
import type { PostWrittenListener } from './forums.service.ts';

export function createReplyNotices(): PostWrittenListener {
  return async (trx, post) => {
    if (post.isFirst || post.edited) return;
    const followers = await trx
      .selectFrom('forumThreadReaders')
      .innerJoin('users', 'users.id', 'forumThreadReaders.userId')
      .select('users.id')
      .where('forumThreadReaders.threadId', '=', post.threadId)
      .where('forumThreadReaders.following', '=', true)
      .where('users.id', '<>', post.authorId)
      .where('users.role', 'in', FORUM_ROLES)
      .where('users.disabled', '=', false)
      .where('users.erasedAt', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('forumPostMentions')
              .select(eb.lit(1).as('one'))
              .where('forumPostMentions.postId', '=', post.postId)
              .whereRef('forumPostMentions.userId', '=', 'users.id'),
          ),
        ),
      )
      .execute();
    if (followers.length === 0) return;
    const place = await placeOf(trx, post.postId);
    if (!place) return;
    await notify(
      trx,
      followers.map((follower) => ({
        recipientId: follower.id,
        kind: 'reply',
        actorId: post.authorId,
        text: `hat in „${place.threadName}“ geantwortet.`,
        link: place.link,
        key: `reply:${post.postId}`,
        at: post.at,
      })),
    );
  };
}
