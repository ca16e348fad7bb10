/**
 * Mentions (issue 37 point 2, decision 0190): a listener of the post-written seam that reads the ids of the
 * sanitised post's `data-mention` links and tells each mentioned member who can see the thread, never the
 * author: a notification in the centre and, unless they turned mention mails off, one mail. A member is told
 * once per post for good (`forum_post_mentions`): an edit that keeps or re-adds the mention tells nobody again.
 */
import { MENTION_ATTRIBUTE, personName, type TAppAddresses } from '@portal/contract';
import type { Executor } from '../../platform/db/executor.ts';
import type { MailOutbox, OutgoingMail } from '../../platform/mail/mail-outbox.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { createUnsubscribeTokens } from '../../platform/mail/unsubscribe-token.ts';
import { notify } from '../../platform/notification-centre/notices.ts';
import { type ForumMember, forumMembers, type PostPlace, placeOf } from './forum-notices.ts';
import type { ReplyMailRecipients } from './forum-reply-mails.ts';
import type { PostWrittenListener } from './forums.service.ts';
import { mentionMail } from './mention-mail.ts';

/** Members told about one post at most: a post naming more is no conversation but a mailing. */
const MENTIONS_PER_POST_MAX = 50;

const MENTION = new RegExp(`\\s${MENTION_ATTRIBUTE}="([1-9][0-9]{0,9})"`, 'g');

/** The member ids a sanitised post mentions, in order, each once. */
function mentionedIds(content: string): number[] {
  const ids = new Set<number>();
  for (const match of content.matchAll(MENTION)) {
    if (ids.size >= MENTIONS_PER_POST_MAX) break;
    ids.add(Number(match[1]));
  }
  return [...ids];
}

/** What mentions need besides the transaction: the outbox and who wants mention mails. */
export interface ForumMentionDeps {
  outbox: Pick<MailOutbox, 'enqueue'>;
  mailWorker: Pick<MailWorker, 'notify'>;
  addresses: TAppAddresses;
  /** signs the one-click unsubscribe links */
  jwtSecret: string;
  /** which of these members have mention mails on (features/notifications), with their settings version */
  recipients: ReplyMailRecipients;
}

/** The members newly mentioned in the post: those not yet recorded for it. */
async function claim(trx: Executor, postId: number, members: readonly ForumMember[], at: Date) {
  if (members.length === 0) return [];
  const rows = await trx
    .insertInto('forumPostMentions')
    .values(members.map((member) => ({ postId, userId: member.id, createdAt: at })))
    .onConflict((oc) => oc.columns(['postId', 'userId']).doNothing())
    .returning('userId')
    .execute();
  const added = new Set(rows.map((row) => row.userId));
  return members.filter((member) => added.has(member.id));
}

export function createForumMentions(deps: ForumMentionDeps): PostWrittenListener {
  const tokens = createUnsubscribeTokens(deps.jwtSecret, deps.addresses.publicUrl);

  async function mails(trx: Executor, place: PostPlace, actorId: number, members: readonly ForumMember[]) {
    const settings = await deps.recipients(
      trx,
      members.map((member) => member.id),
    );
    const actor = await trx
      .selectFrom('users')
      .select(['username', 'firstName', 'lastName'])
      .where('id', '=', actorId)
      .executeTakeFirst();
    const actorName = actor ? personName(actor) : 'Ein Mitglied';
    const out: OutgoingMail[] = [];
    for (const member of members) {
      const on = settings.get(member.id);
      const email = member.email?.trim() ?? '';
      if (!on || email === '') continue;
      const unsubscribeUrl = tokens.url({ userId: member.id, kind: 'mentions', version: on.version }, email);
      const mail = mentionMail({ place, authorName: actorName, addresses: deps.addresses, unsubscribeUrl });
      out.push({
        ...mail,
        recipient: email,
        topic: `mention:${place.postId}:${member.id}`,
        listUnsubscribe: unsubscribeUrl,
      });
    }
    return out;
  }

  return async (trx, post) => {
    // who mentioned them: the author, or the admin whose edit added the mention; neither is told
    const actorId = post.editorId ?? post.authorId;
    const ids = mentionedIds(post.content).filter((id) => id !== post.authorId && id !== actorId);
    const members = await claim(trx, post.postId, await forumMembers(trx, ids), post.at);
    if (members.length === 0) return;
    const place = await placeOf(trx, post.postId);
    if (!place) return;
    await notify(
      trx,
      members.map((member) => ({
        recipientId: member.id,
        kind: 'mention',
        actorId,
        text: `hat Sie in „${place.threadName}“ erwähnt.`,
        link: place.link,
        key: `mention:${post.postId}`,
        at: post.at,
      })),
    );
    const out = await mails(trx, place, actorId, members);
    if (out.length === 0) return;
    await deps.outbox.enqueue(trx, out, post.at);
    // A started worker looks at once; should it look before the commit, its next round (seconds) sends them.
    deps.mailWorker.notify();
  };
}
