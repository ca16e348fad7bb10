import { Suspense, useCallback } from 'react';
import { preloadable, usePreloadWhenSettled } from '../../../components/preloadable';
import { activity } from '../../../lib/portal';
import { useToConfirm } from '../api/get-to-confirm';

const list = preloadable(() => import('./to-confirm-list').then(({ ToConfirmList }) => ToConfirmList));
const noRequests = () => activity.pending.get() === 0;

/**
 * The dashboard's 'Zu bestätigen' (issue 34 point 2): the circulars the member still has to confirm,
 * soonest 'Bestätigen bis' first. Shown only when something is pending (not while loading, not on failure:
 * the marker in the lists stays the way to them). The list loads when something is pending, else once the
 * screen has settled (docs/bundle.md).
 */
export function ToConfirmPosts() {
  const query = useToConfirm();
  usePreloadWhenSettled(
    useCallback(() => list.preload(), []),
    noRequests,
  );
  if (!query.data || query.data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <list.Component query={query} />
    </Suspense>
  );
}
