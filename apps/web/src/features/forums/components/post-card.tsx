import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { CONVERSATION_MESSAGES, type TForumPost } from '@portal/contract';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { AuthorAvatar, AuthorName } from '../../companies';
import type { PostRights } from '../lib/post-rights';
import classes from './conversation.module.css';
import { EditedMark } from './edited-mark';
import { PostActions, type PostHandlers } from './post-actions';
import { PostAttachments } from './post-attachments';
import { ReactionBar } from './reaction-bar';

interface PostCardProps {
  post: TForumPost;
  number: number;
  threadId: number;
  rights: PostRights;
  handlers: PostHandlers;
}

/** The element holding a post's text: where a selection to quote is looked for (quote-selection.tsx). */
export const POST_CONTENT_ATTRIBUTE = 'data-post-content';

/**
 * One post: author (name and photo, linked to their person page), date, 'bearbeitet' with its versions,
 * content, attachments, reactions, and what the member may do with it (issue 37). A reply its author deleted
 * keeps its place as 'Beitrag gelöscht', without anything to do.
 */
export function PostCard({ post, number, threadId, rights, handlers }: PostCardProps) {
  const author = post.author?.name ?? post.author?.username ?? de.forums.unknownAuthor;
  const label = de.forums.postLabel(number, author);
  if (post.deleted) {
    return (
      <Paper
        component="article"
        withBorder
        radius="md"
        p="md"
        id={`beitrag-${post.id}`}
        aria-label={de.forumConversation.deletedLabel(number)}
        tabIndex={-1}
        className={classes.deletedPost}
      >
        <Text size="sm" c="dimmed" fs="italic">
          {CONVERSATION_MESSAGES.deletedPost}
          {` · #${number}`}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      id={`beitrag-${post.id}`}
      aria-label={label}
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
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
                <EditedMark post={post} label={label} />
              </Text>
            </div>
          </Group>
          <PostActions post={post} label={label} rights={rights} handlers={handlers} />
        </Group>
        {/* Post contents are rich text sanitised by the server with an allowlist on save (RichText). */}
        <div className={classes.postContent} {...{ [POST_CONTENT_ATTRIBUTE]: post.id }}>
          <RichText html={post.content} />
        </div>
        <PostAttachments post={post} />
        {rights.react && <ReactionBar post={post} threadId={threadId} label={label} />}
      </Stack>
    </Paper>
  );
}
