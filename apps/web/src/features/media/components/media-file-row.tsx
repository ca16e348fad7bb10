import { ActionIcon, Text, VisuallyHidden } from '@mantine/core';
import type { TMediaFile } from '@portal/contract';
import { IconFile, IconFileTypePdf, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { CopyButton } from '../../../components/copy-button';
import { de } from '../../../i18n/de';
import { formatFileSize } from '../../../lib/formatting';
import { type MediaKind, mediaKind } from '../lib/media-files';
import classes from './media.module.css';

const ICONS = { image: IconPhoto, pdf: IconFileTypePdf, other: IconFile } as const satisfies Record<
  MediaKind,
  unknown
>;

interface MediaFileRowProps {
  file: TMediaFile;
  /** The file a search hit opened the page for: marked. */
  linked?: boolean;
  onEdit: (file: TMediaFile) => void;
  onDelete: (file: TMediaFile) => void;
}

/**
 * One file (SPEC §2): icon by mime type and name, both opening `publicPath` in a new tab; copy of the `url`;
 * edit; a red delete button.
 */
export function MediaFileRow({ file, linked = false, onEdit, onDelete }: MediaFileRowProps) {
  const kind = mediaKind(file.mimeType);
  const Icon = ICONS[kind];
  const meta = [de.media.kind[kind], formatFileSize(file.size)];
  if (file.originalFilename !== file.name) meta.push(file.originalFilename);
  return (
    <li id={mediaFileElementId(file.id)} className={classes.file} data-linked={linked || undefined}>
      {/* One link, the name; it stretches over the icon, so that a click on either opens the file. */}
      <div className={classes.fileTarget}>
        <span className={classes.fileIcon} data-kind={kind}>
          <Icon size={22} stroke={1.6} aria-hidden />
        </span>
        <div className={classes.fileText}>
          <a href={file.publicPath} target="_blank" rel="noopener" className={classes.fileName}>
            {file.name}
            <VisuallyHidden> {de.common.opensInNewTab}</VisuallyHidden>
          </a>
          <Text size="xs" c="dimmed" className={classes.fileMeta}>
            {meta.join(' · ')}
          </Text>
        </div>
      </div>
      <div className={classes.fileActions}>
        <CopyButton
          value={file.url}
          label={de.media.copyUrl}
          copiedLabel={de.media.copied}
          ariaLabel={de.media.copyUrlOf(file.name)}
          size="xs"
        />
        <ActionIcon
          variant="default"
          size={30}
          aria-label={de.media.editFileLabel(file.name)}
          onClick={() => onEdit(file)}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="filled"
          color="red"
          size={30}
          aria-label={de.media.deleteFileLabel(file.name)}
          onClick={() => onDelete(file)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </div>
    </li>
  );
}

export function mediaFileElementId(fileId: number): string {
  return `datei-${fileId}`;
}
