/**
 * The notification centre's queries (issue 37 point 5), per member: the bell's count survives a change of
 * account in the same tab only as that account's.
 */
export const centreKeys = {
  all: ['notifications', 'centre'] as const,
  count: (userId: number) => [...centreKeys.all, userId, 'count'] as const,
  list: (userId: number) => [...centreKeys.all, userId, 'list'] as const,
};
