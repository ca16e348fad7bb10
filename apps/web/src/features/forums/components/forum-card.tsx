import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TForumSummary } from '@portal/contract';
import { APP_PATHS } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { DeleteButton } from './delete-button';
import classes from './forums.module.css';

interface ForumCardProps {
  forum: TForumSummary;
  isAdmin: boolean;
  onEdit: (forum: TForumSummary) => void;
  onDelete: (forum: TForumSummary) => void;
}

/**
 * One forum of the list: name (link), description, thread and post counts, last activity, and how many of
 * its threads hold posts the member has not seen (issue 17).
 */
export function ForumCard({ forum, isAdmin, onEdit, onDelete }: ForumCardProps) {
  const headingId = `forum-${forum.id}`;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      aria-labelledby={headingId}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId} className={classes.name}>
            <Anchor component={Link} to={APP_PATHS.forum(forum.id)} inherit>
              {forum.name}
            </Anchor>
          </Title>
          {isAdmin && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                size={32}
                aria-label={de.forums.editLabel(forum.name)}
                title={de.common.edit}
                onClick={() => onEdit(forum)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <DeleteButton name={forum.name} onClick={() => onDelete(forum)} />
            </Group>
          )}
        </Group>
        <RichText html={forum.description} />
        <Group gap="lg" className={classes.meta} style={{ rowGap: 2 }}>
          {forum.unreadThreads > 0 && (
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {de.forums.unreadThreads(forum.unreadThreads)}
            </Badge>
          )}
          <Text size="sm">{de.forums.threadCount(forum.threadCount)}</Text>
          <Text size="sm">{de.forums.postCount(forum.postCount)}</Text>
          <Text size="sm">
            {forum.lastActivity
              ? de.forums.lastActivity(formatDateTime(forum.lastActivity))
              : de.forums.noActivity}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
