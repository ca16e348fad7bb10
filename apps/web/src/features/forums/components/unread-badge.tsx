import { Badge, VisuallyHidden } from '@mantine/core';
import { de } from '../../../i18n/de';

/** '3 neu' beside a thread with posts the member has not seen; read aloud as '3 ungelesene Beiträge'. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <Badge variant="filled" size="md" radius="sm" tt="none">
      <span aria-hidden>{de.forums.unreadBadge(count)}</span>
      <VisuallyHidden>{de.forums.unreadPosts(count)}</VisuallyHidden>
    </Badge>
  );
}
