import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TForumThreadSummary } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { DeleteButton } from './delete-button';
import classes from './forums.module.css';
import { UnreadBadge } from './unread-badge';

interface ThreadRowProps {
  thread: TForumThreadSummary;
  isAdmin: boolean;
  onDelete: (thread: TForumThreadSummary) => void;
}

const authorOf = (author: { username: string; name?: string } | null) =>
  author?.name ?? author?.username ?? de.forums.unknownAuthor;

/**
 * One thread of a forum: name (link), author and start, 'Antworten: N', the last reply's date and author.
 * A thread with posts the member has not seen shows its name bold with '3 neu' (issue 17); its link opens
 * at the first of them.
 */
export function ThreadRow({ thread, isAdmin, onDelete }: ThreadRowProps) {
  const headingId = `thread-${thread.id}`;
  return (
    <Paper component="article" withBorder radius="md" p="sm" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} className={classes.threadMain}>
          <Group gap="xs" align="center">
            <Title
              order={2}
              size="h5"
              id={headingId}
              className={thread.unread > 0 ? `${classes.name} ${classes.unreadName}` : classes.name}
            >
              <Anchor component={Link} to={APP_PATHS.thread(thread.forumId, thread.id)} inherit>
                {thread.name}
              </Anchor>
            </Title>
            {thread.unread > 0 && <UnreadBadge count={thread.unread} />}
          </Group>
          <Text size="sm" c="dimmed">
            {de.forums.startedBy(authorOf(thread.author), formatDateTime(thread.createdAt))}
          </Text>
        </Stack>
        <Stack gap={2} className={classes.threadStats}>
          <Text size="sm" fw={500}>
            {de.forums.replies(thread.replyCount)}
          </Text>
          {thread.lastReply ? (
            <Anchor
              component={Link}
              to={APP_PATHS.thread(thread.forumId, thread.id, { page: 'last' })}
              size="sm"
              c="dimmed"
            >
              {de.forums.lastReply(
                formatDateTime(thread.lastReply.createdAt),
                authorOf(thread.lastReply.author),
              )}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              {de.forums.noReplies}
            </Text>
          )}
        </Stack>
        {isAdmin && <DeleteButton name={thread.name} onClick={() => onDelete(thread)} />}
      </Group>
    </Paper>
  );
}
