import { Badge, Group } from '@mantine/core';
import { circularLabel, type TBlog } from '@portal/contract';
import { IconAlertCircle, IconFileText } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import { formatDay } from '../lib/confirmations';

interface CircularMarksProps {
  post: Pick<TBlog, 'circularNumber' | 'confirmBy'>;
  /** The member still has to confirm it (GET /api/blog/toConfirm) */
  pending: boolean;
}

/** A circular's number ('Rundschreiben 12/2026') and, while the member has to confirm it, 'Zu bestätigen'. */
export function CircularMarks({ post, pending }: CircularMarksProps) {
  if (!post.circularNumber && !pending) return null;
  return (
    <Group gap={6} wrap="wrap">
      {post.circularNumber && (
        <Badge
          variant="outline"
          color="blue.8"
          radius="sm"
          tt="none"
          leftSection={<IconFileText size={12} aria-hidden />}
        >
          {circularLabel(post.circularNumber)}
        </Badge>
      )}
      {pending && (
        <Badge
          variant="filled"
          color="orange.9"
          radius="sm"
          tt="none"
          leftSection={<IconAlertCircle size={12} aria-hidden />}
        >
          {de.circulars.toConfirm}
          {post.confirmBy ? ` · ${de.circulars.confirmBy(formatDay(post.confirmBy))}` : ''}
        </Badge>
      )}
    </Group>
  );
}
