import { Button, Text } from '@mantine/core';
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import { useObjectUrl } from '../../../lib/use-object-url';
import { formatFileSize, isImageAttachment } from '../lib/attachments';
import classes from './forums.module.css';

interface AttachmentPreviewProps {
  file: File;
  onRemove: () => void;
}

/** One chosen file before sending: the picture itself (object URL) or a PDF icon, name, size, 'Entfernen'. */
export function AttachmentPreview({ file, onRemove }: AttachmentPreviewProps) {
  const image = isImageAttachment(file);
  const url = useObjectUrl(image ? file : null);
  return (
    <li className={classes.preview}>
      {image ? (
        url ? (
          <img src={url} alt={file.name} className={classes.previewImage} />
        ) : (
          <div className={classes.previewImage} />
        )
      ) : (
        <div className={classes.previewIcon}>
          <IconFileTypePdf size={40} stroke={1.5} aria-hidden />
        </div>
      )}
      <Text size="xs" className={classes.previewName} title={file.name}>
        {file.name}
      </Text>
      <Text size="xs" c="dimmed">
        {formatFileSize(file.size)}
      </Text>
      <Button
        variant="subtle"
        color="red"
        size="compact-xs"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={de.forums.form.removeLabel(file.name)}
        onClick={onRemove}
      >
        {de.forums.form.remove}
      </Button>
    </li>
  );
}
