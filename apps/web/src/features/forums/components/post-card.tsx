import '@mantine/core/styles/Avatar.css';
import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TForumPost } from '@portal/contract';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { DeleteButton } from './delete-button';
import { PostAttachments } from './post-attachments';

interface PostCardProps {
  post: TForumPost;
  number: number;
  isAdmin: boolean;
  onDelete: (post: TForumPost) => void;
}

/** One post: author, date, content, attachments; admins delete any post but the thread's first. */
export function PostCard({ post, number, isAdmin, onDelete }: PostCardProps) {
  const author = post.author?.username ?? de.forums.unknownAuthor;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      id={`beitrag-${post.id}`}
      aria-label={de.forums.postLabel(number, author)}
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Avatar name={author} color="initials" radius="xl" size={36} aria-hidden />
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} size="sm">
                  {author}
                </Text>
                {post.first && (
                  <Badge variant="light" size="xs">
                    {de.forums.firstPost}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
                {` · #${number}`}
              </Text>
            </div>
          </Group>
          {isAdmin && !post.first && (
            <DeleteButton name={de.forums.postLabel(number, author)} onClick={() => onDelete(post)} />
          )}
        </Group>
        {/* Post contents are rich text sanitised by the server with an allowlist on save (RichText). */}
        <RichText html={post.content} />
        <PostAttachments post={post} />
      </Stack>
    </Paper>
  );
}
