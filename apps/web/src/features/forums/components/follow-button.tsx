import { Button } from '@mantine/core';
import type { TForumThread } from '@portal/contract';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useAlerts } from '../../../components/feedback/alerts';
import { de } from '../../../i18n/de';
import { useFollowThread } from '../api/follow-thread';

/**
 * 'Thema folgen' / 'Nicht mehr folgen' (issue 17): whether the member gets a mail when someone else replies.
 * The label names what a press does and changes with the state, so it carries no aria-pressed (a toggle
 * button keeps one label; WAI-ARIA APG, button pattern). The state changes once the server has agreed.
 */
export function FollowButton({ thread }: { thread: Pick<TForumThread, 'id' | 'following'> }) {
  const follow = useFollowThread();
  const alerts = useAlerts();
  const { following } = thread;

  async function toggle() {
    try {
      await follow.mutateAsync({ threadId: thread.id, following: !following });
    } catch {
      return; // the API client has shown the error
    }
    alerts.success(following ? de.forums.unfollowed : de.forums.followed);
  }

  return (
    <Button
      variant={following ? 'light' : 'default'}
      leftSection={following ? <IconBellOff size={16} aria-hidden /> : <IconBell size={16} aria-hidden />}
      loading={follow.isPending}
      title={following ? de.forums.unfollowHint : de.forums.followHint}
      onClick={() => void toggle()}
    >
      {following ? de.forums.unfollow : de.forums.follow}
    </Button>
  );
}
