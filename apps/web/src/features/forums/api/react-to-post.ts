import {
  CONVERSATION_API,
  type TForumThread,
  type TPostReaction,
  type TReactionInput,
  ZPostReactions,
} from '@portal/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/portal';
import { toggledReactions } from '../lib/reactions';
import { forumKeys } from './query-keys';

interface ReactInput extends TReactionInput {
  postId: number;
}

/** PUT /api/forumPost/{id}/reaction `{ kind, on }` (issue 37): idempotent; answers the post's reactions. */
function reactToPost({ postId, kind, on }: ReactInput) {
  return api.put(CONVERSATION_API.reaction(postId), { kind, on }, { schema: ZPostReactions });
}

function setReactions(
  queryClient: QueryClient,
  threadId: number,
  postId: number,
  change: (reactions: TPostReaction[]) => TPostReaction[],
) {
  queryClient.setQueriesData<TForumThread>({ queryKey: forumKeys.thread(threadId) }, (thread) =>
    thread
      ? {
          ...thread,
          posts: thread.posts.map((post) =>
            post.id === postId ? { ...post, reactions: change(post.reactions) } : post,
          ),
        }
      : thread,
  );
}

/**
 * The toggle shows at once on every cached page of the thread (optimistic), then settles to the server's
 * answer; a refused toggle is taken back (the red banner tells why). Who reacted is asked afresh. Found by
 * the e2e spec: a page loading while the toggle was on its way showed the reactions from before it.
 */
export function useReactToPost(threadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactToPost,
    onMutate: async ({ postId, kind, on }) => {
      // A page's refetch would bring the reactions from before the toggle. A page's first load is left
      // running: cancelled, it would stay without data (the screen kept showing the page before it).
      await queryClient.cancelQueries({
        queryKey: forumKeys.thread(threadId),
        predicate: (query) => query.state.data !== undefined,
      });
      setReactions(queryClient, threadId, postId, (reactions) => toggledReactions(reactions, kind, on));
    },
    onSuccess: ({ reactions }, { postId }) => {
      setReactions(queryClient, threadId, postId, () => reactions);
      // A page asked for meanwhile (a first load, or the frame regaining focus refetches) may have been read
      // before the toggle and would overwrite it: it is asked again, after the toggle.
      const thread = forumKeys.thread(threadId);
      if (queryClient.isFetching({ queryKey: thread }) > 0)
        return queryClient.invalidateQueries({ queryKey: thread });
    },
    onError: (_error, { postId, kind, on }) =>
      setReactions(queryClient, threadId, postId, (reactions) => toggledReactions(reactions, kind, !on)),
    onSettled: (_answer, _error, { postId }) =>
      queryClient.invalidateQueries({ queryKey: forumKeys.reactions(postId) }),
  });
}
