import { Badge, Group, Text } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { de } from '../../../i18n/de';
import { formatDate, formatDateTime } from '../../../lib/formatting';
import { AuthorAvatar, AuthorName } from '../../companies';

/**
 * Date and author of a post (SPEC §2: author or 'Nicht bekannt'; issue 36: their name and photo, linked to
 * their person page). A scheduled post (admins only) carries a
 * 'Geplant' badge with its publication time instead of the date.
 */
export function PostMeta({ post }: { post: Pick<TBlog, 'publishedAt' | 'author' | 'scheduled'> }) {
  return (
    <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
      {post.scheduled ? (
        <Badge color="orange" variant="light" radius="sm" tt="none">
          <time dateTime={post.publishedAt}>{de.blog.scheduledFor(formatDateTime(post.publishedAt))}</time>
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          <time dateTime={post.publishedAt} title={formatDateTime(post.publishedAt)}>
            {formatDate(post.publishedAt)}
          </time>
        </Text>
      )}
      <Group gap={6} wrap="nowrap">
        <AuthorAvatar author={post.author} unknown={de.blog.unknownAuthor} size={24} />
        <Text size="sm" c="dimmed">
          {de.blog.author}: <AuthorName author={post.author} unknown={de.blog.unknownAuthor} />
        </Text>
      </Group>
    </Group>
  );
}
