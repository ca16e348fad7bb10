import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reveal } from '../../../lib/reveal';
import { useThread } from '../api/get-thread';
import { forumKeys } from '../api/query-keys';
import { shownPage, threadPageOf } from '../lib/paging';

/** The id of the 'Neu' line before the first unread post. */
export const UNREAD_MARKER_ID = 'neue-beitraege';

/**
 * The page of a thread its address asks for (issue 17). Without `?page=` that is `unread`, the page of the
 * member's first unread post: its answer is kept as that page's and the view stays there (asking for
 * `unread` again would land on the last page, as opening the thread marked it read). The first unread post
 * is brought into view once and takes the focus; it stays marked 'Neu' for the rest of the visit, although
 * later answers (paging, a reply) find nothing unread.
 */
export function useThreadPage(threadId: number, search: URLSearchParams) {
  const queryClient = useQueryClient();
  const requested = threadPageOf(search);
  const [landedOn, setLandedOn] = useState<number | null>(null);
  const page = shownPage(requested, landedOn);
  const thread = useThread(threadId, page);
  const answer = thread.isPlaceholderData ? undefined : thread.data;

  // The first answer of the visit tells which post was the first unread one.
  const [firstUnreadId, setFirstUnreadId] = useState<number | null | undefined>(undefined);
  if (answer && firstUnreadId === undefined) setFirstUnreadId(answer.firstUnreadPostId);

  useEffect(() => {
    if (page !== 'unread' || !answer) return;
    queryClient.setQueryData(forumKeys.threadPage(threadId, answer.page), answer);
    setLandedOn(answer.page);
  }, [page, answer, queryClient, threadId]);

  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || requested !== 'unread' || !firstUnreadId) return;
    if (!answer?.posts.some((post) => post.id === firstUnreadId)) return;
    revealed.current = true;
    reveal(document.getElementById(UNREAD_MARKER_ID));
    document.getElementById(`beitrag-${firstUnreadId}`)?.focus({ preventScroll: true });
  }, [answer, firstUnreadId, requested]);

  return { thread, firstUnreadId: firstUnreadId ?? null };
}
