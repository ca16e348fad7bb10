import { useParams } from 'react-router';
import { ThreadView } from './components/thread-view';
import { positiveId } from './lib/route-ids';

/** SPEC §2 'thread-view' (/forum/:forumId/thread/:forumThreadId): a thread with its posts. */
export function ThreadPage() {
  const { forumId, forumThreadId } = useParams();
  const threadId = positiveId(forumThreadId);
  return <ThreadView key={threadId} forumId={positiveId(forumId)} threadId={threadId} />;
}
