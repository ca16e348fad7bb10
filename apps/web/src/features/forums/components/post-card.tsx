import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TForumPost } from '@portal/contract';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { AuthorAvatar, AuthorName } from '../../companies';
import { DeleteButton } from './delete-button';
import { PostAttachments } from './post-attachments';

interface PostCardProps {
  post: TForumPost;
  number: number;
  isAdmin: boolean;
  onDelete: (post: TForumPost) => void;
}

/**
 * One post: author (name and photo, linked to their person page), date, content, attachments; admins delete
 * any post but the thread's first.
 */
export function PostCard({ post, number, isAdmin, onDelete }: PostCardProps) {
  const author = post.author?.name ?? post.author?.username ?? de.forums.unknownAuthor;
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
            <AuthorAvatar author={post.author} unknown={de.forums.unknownAuthor} />
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <AuthorName author={post.author} unknown={de.forums.unknownAuthor} fw={600} />
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
