import type { TForumPost } from '@portal/contract';

/**
 * What a member may do with a post (issue 37 point 1, SPEC §6): its author and admins edit it; its author
 * deletes it unless it opens the thread, admins delete any post but the first (as before). A deleted reply
 * offers nothing any more: no edit, no quote, no reaction.
 */
export interface PostRights {
  edit: boolean;
  delete: boolean;
  quote: boolean;
  react: boolean;
}

export function postRights(post: TForumPost, userId: number | null, isAdmin: boolean): PostRights {
  if (post.deleted) return { edit: false, delete: false, quote: false, react: false };
  const own = userId !== null && post.author?.id === userId;
  return { edit: own || isAdmin, delete: !post.first && (own || isAdmin), quote: true, react: true };
}
