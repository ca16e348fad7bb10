import type { TForumPost, TForumSummary, TForumThreadSummary } from '@portal/contract';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { de } from '../../../i18n/de';
import { useDeleteForum } from '../api/delete-forum';
import { useDeletePost } from '../api/delete-post';
import { useDeleteThread } from '../api/delete-thread';
import { postName } from '../lib/post-name';

export function useForumDeletion() {
  const deletion = useDeleteForum();
  const confirmed = useConfirmedDeletion();
  return (forum: TForumSummary) =>
    confirmed(
      de.forums.deletion.forum(forum.name),
      () => deletion.mutateAsync(forum.id),
      de.forums.forumDeleted,
    );
}

export function useThreadDeletion(forumId: number) {
  const deletion = useDeleteThread(forumId);
  const confirmed = useConfirmedDeletion();
  return (thread: Pick<TForumThreadSummary, 'id' | 'name'>) =>
    confirmed(
      de.forums.deletion.thread(thread.name),
      () => deletion.mutateAsync(thread.id),
      de.forums.threadDeleted,
    );
}

/** A post has no name: the confirmation names it by the start of its text (lib/post-name). */
export function usePostDeletion(threadId: number, forumId: number) {
  const deletion = useDeletePost(threadId, forumId);
  const confirmed = useConfirmedDeletion();
  return (post: TForumPost) => {
    const fallback = de.forums.postName(post.author?.username ?? de.forums.unknownAuthor);
    return confirmed(
      de.forums.deletion.post(postName(post.content, fallback)),
      () => deletion.mutateAsync(post.id),
      de.forums.postDeleted,
    );
  };
}
