import { Anchor, Stack, Title } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { de } from '../../../i18n/de';
import { formatFileSize } from '../../../lib/formatting';
import classes from './circulars.module.css';

/** A circular's PDF attachments on the post, with name and size, each opening in a new tab. */
export function CircularAttachmentsList({ attachments }: Pick<TBlog, 'attachments'>) {
  const titleId = useId();
  if (attachments.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h5" id={titleId}>
        {de.circulars.attachments}
      </Title>
      <ul className={classes.attachmentList}>
        {attachments.map((file) => (
          <li key={file.id} className={classes.attachmentRow}>
            <IconFileTypePdf size={18} aria-hidden className={classes.attachmentIcon} />
            <Anchor
              href={file.url}
              target="_blank"
              rel="noopener"
              size="sm"
              className={classes.attachmentName}
            >
              {de.circulars.attachmentLink(file.name, formatFileSize(file.size))}
            </Anchor>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
