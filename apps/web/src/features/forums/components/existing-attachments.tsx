import { Button, Input, Text } from '@mantine/core';
import type { TForumPostMedia } from '@portal/contract';
import { IconArrowBackUp, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import conversation from './conversation.module.css';
import classes from './forums.module.css';

interface ExistingAttachmentsProps {
  media: readonly TForumPostMedia[];
  /** ids of the attachments marked to go when the edit is saved */
  removed: readonly number[];
  onChange: (removed: number[]) => void;
  disabled?: boolean;
}

/**
 * The attachments a post has when it is edited (issue 37 point 1): each can be marked to go ('Entfernen') and
 * kept again ('Behalten') until the edit is saved; nothing is removed before.
 */
export function ExistingAttachments({ media, removed, onChange, disabled }: ExistingAttachmentsProps) {
  const id = useId();
  const texts = de.forumConversation;
  if (media.length === 0) return null;
  return (
    <Input.Wrapper label={texts.currentAttachments} labelElement="div" id={id}>
      <ul className={classes.previews} aria-labelledby={`${id}-label`} style={{ marginTop: 4 }}>
        {media.map((file) => {
          const gone = removed.includes(file.id);
          return (
            <li
              key={file.id}
              className={gone ? `${classes.preview} ${conversation.removedAttachment}` : classes.preview}
            >
              {file.fileThumbnailPath ? (
                <img
                  src={file.fileThumbnailPath}
                  alt={file.originalFilename}
                  className={classes.previewImage}
                />
              ) : (
                <div className={classes.previewIcon}>
                  <IconFileTypePdf size={40} stroke={1.5} aria-hidden />
                </div>
              )}
              <Text
                size="xs"
                className={classes.previewName}
                title={file.originalFilename}
                td={gone ? 'line-through' : undefined}
              >
                {file.originalFilename}
              </Text>
              {gone && (
                <Text size="xs" c="red.9">
                  {texts.attachmentRemoved}
                </Text>
              )}
              {gone ? (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconArrowBackUp size={14} aria-hidden />}
                  aria-label={texts.keepAttachmentLabel(file.originalFilename)}
                  disabled={disabled}
                  onClick={() => onChange(removed.filter((each) => each !== file.id))}
                >
                  {texts.keepAttachment}
                </Button>
              ) : (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={texts.removeAttachmentLabel(file.originalFilename)}
                  disabled={disabled}
                  onClick={() => onChange([...removed, file.id])}
                >
                  {de.forums.form.remove}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </Input.Wrapper>
  );
}
