/** How far back the forum counts as new to a member who joins: what was written in their first month. */
const NEW_MEMBER_DAYS = 30;

/**
 * The moment after which a member's unseen posts count as unread (decision 0080): users.forum_read_from for
 * members that migration 0012 found, so that an existing forum does not turn unread at once; for members who
 * joined since, the 30 days before they joined, so that recent threads greet them as new and years of old
 * ones do not.
 */
export function forumBaseline(user: { forumReadFrom: Date | null; createdAt: Date }): Date {
  if (user.forumReadFrom !== null) return user.forumReadFrom;
  return new Date(user.createdAt.getTime() - NEW_MEMBER_DAYS * 24 * 60 * 60 * 1000);
}
