import { useParams } from 'react-router';
import { ForumListView } from './components/forum-list-view';
import { ForumView } from './components/forum-view';
import { positiveId } from './lib/route-ids';

/** SPEC §2 'forum-view' (/forum/:forumId?): the forum list, or one forum with its threads. */
export function ForumPage() {
  const { forumId } = useParams();
  if (forumId === undefined) return <ForumListView />;
  const id = positiveId(forumId);
  return <ForumView key={id} forumId={id} />;
}
