import type { TForumPost, TForumThread } from '@portal/contract';
import { useAlerts } from '../../../components/feedback/alerts';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { de } from '../../../i18n/de';
import { replyWithQuote, selectionBlocks, wholePostBlocks } from '../lib/quote-markup';
import type { PostHandlers } from './post-actions';
import { editFormSheet, replyFormSheet } from './post-sheets';
import { selectedTextIn } from './quote-selection';
import { usePostDeletion } from './use-forum-deletion';

/** After a deletion the focus stays where the post was: on the post ('Beitrag gelöscht'), or the one after it. */
function focusAfterDeletion(postId: number, index: number): void {
  requestAnimationFrame(() => {
    const posts = [...document.querySelectorAll<HTMLElement>('article[id^="beitrag-"]')];
    const target =
      document.getElementById(`beitrag-${postId}`) ?? posts[Math.min(index, posts.length - 1)] ?? null;
    target?.focus();
  });
}

/**
 * What a thread does with its posts (issue 37): the reply sheet (empty, or starting with a quote), the edit
 * sheet, and the deletion of a reply with its confirmation. `thread` is the page shown.
 */
export function usePostHandlers(
  thread: TForumThread | undefined,
  forumId: number,
  threadId: number,
  onReplied: (post: TForumPost) => void,
) {
  const sheet = useBottomSheet();
  const alerts = useAlerts();
  const deletePost = usePostDeletion(threadId, thread?.forumId ?? forumId);

  const openReply = (initialContent = '') => {
    if (thread) sheet.open(replyFormSheet(thread, onReplied, sheet.close, initialContent));
  };

  /** Quotes `text` of the post, or the whole post without one: the reply starts with it. */
  const quote = (post: TForumPost, text: string | null) => {
    if (!thread) return;
    const author = post.author?.name ?? post.author?.username ?? de.forums.unknownAuthor;
    const blocks = text === null ? wholePostBlocks(post.content) : selectionBlocks(text);
    const source = {
      postId: post.id,
      forumId: thread.forumId,
      threadId: thread.id,
      page: thread.page,
      author,
    };
    openReply(replyWithQuote(source, blocks));
  };

  const handlers: PostHandlers = {
    onEdit: (post) => {
      if (!thread) return;
      const saved = () => {
        sheet.close();
        alerts.success(de.forumConversation.saved);
      };
      sheet.open(editFormSheet(post, thread, saved, sheet.close));
    },
    onDelete: async (post) => {
      const index = thread?.posts.findIndex((each) => each.id === post.id) ?? 0;
      if (await deletePost(post)) focusAfterDeletion(post.id, index);
    },
    onQuote: (post) => quote(post, selectedTextIn(post.id)),
  };

  /** 'Zitieren' beside a selection in post `postId`. */
  const quoteSelection = (postId: number, text: string) => {
    const post = thread?.posts.find((each) => each.id === postId);
    if (post && !post.deleted) quote(post, text);
  };

  return { handlers, openReply, quoteSelection };
}
