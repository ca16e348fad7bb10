import { Anchor } from '@mantine/core';
import { CONVERSATION_MESSAGES, type TForumPost } from '@portal/contract';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { openVersionsDialog } from './versions-dialog';

/**
 * After the post's date (issue 37 point 1): 'bearbeitet' with the time of the last edit (Berlin time, as every
 * time of the app), and 'Versionen' once there is more than one, which opens them with their differences.
 */
export function EditedMark({ post, label }: { post: TForumPost; label: string }) {
  const texts = de.forumConversation;
  return (
    <>
      {post.editedAt && (
        <>
          {` · ${CONVERSATION_MESSAGES.edited} `}
          <time dateTime={post.editedAt}>{formatDateTime(post.editedAt)}</time>
        </>
      )}
      {post.versionCount > 1 && (
        <>
          {' · '}
          <Anchor
            component="button"
            type="button"
            size="xs"
            td="underline"
            aria-label={texts.versionsLabel(label, post.versionCount)}
            aria-haspopup="dialog"
            onClick={() => openVersionsDialog(post.id, label)}
          >
            {CONVERSATION_MESSAGES.versions}
          </Anchor>
        </>
      )}
    </>
  );
}
