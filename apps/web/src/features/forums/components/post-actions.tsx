import { Button, Group } from '@mantine/core';
import { CONVERSATION_MESSAGES, type TForumPost } from '@portal/contract';
import { IconEdit, IconQuote } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import type { PostRights } from '../lib/post-rights';
import { DeleteButton } from './delete-button';

/** What the thread does when a member edits, deletes or quotes a post. */
export interface PostHandlers {
  onEdit: (post: TForumPost) => void;
  onDelete: (post: TForumPost) => void;
  /** quotes what is selected in the post, or else the whole post */
  onQuote: (post: TForumPost) => void;
}

/**
 * 'Zitieren' for every member, 'Bearbeiten' for the author and admins, 'Löschen' for the author of a reply
 * and admins (issue 37). Each names its post for screen readers. 'Zitieren' keeps a selection in the post:
 * pressing it does not take the selection away before it is read.
 */
export function PostActions({
  post,
  label,
  rights,
  handlers,
}: {
  post: TForumPost;
  label: string;
  rights: PostRights;
  handlers: PostHandlers;
}) {
  const texts = de.forumConversation;
  return (
    <Group gap={4}>
      {rights.quote && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconQuote size={14} aria-hidden />}
          aria-label={texts.quoteLabel(label)}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => handlers.onQuote(post)}
        >
          {CONVERSATION_MESSAGES.quote}
        </Button>
      )}
      {rights.edit && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconEdit size={14} aria-hidden />}
          aria-label={texts.editLabel(label)}
          onClick={() => handlers.onEdit(post)}
        >
          {CONVERSATION_MESSAGES.edit}
        </Button>
      )}
      {rights.delete && <DeleteButton name={label} onClick={() => handlers.onDelete(post)} />}
    </Group>
  );
}
