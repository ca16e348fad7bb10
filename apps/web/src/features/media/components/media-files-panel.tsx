import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TMediaFile } from '@portal/contract';
import { IconFolderOpen, IconUpload } from '@tabler/icons-react';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { reveal } from '../../../lib/reveal';
import { useDeleteMediaFile } from '../api/delete-media-file';
import { useMediaFiles } from '../api/get-media-files';
import classes from './media.module.css';
import { MediaFileRow, mediaFileElementId } from './media-file-row';
import { useMediaFileSheet } from './media-file-sheet';

interface MediaFilesPanelProps {
  categoryId: number;
  /** The category's name, once known. */
  name: string | undefined;
}

/** SPEC §2 `/media/{id}`: the category's files, sorted by name, with upload, edit, copy and delete. */
export function MediaFilesPanel({ categoryId, name }: MediaFilesPanelProps) {
  const headingId = useId();
  const files = useMediaFiles(categoryId);
  const openForm = useMediaFileSheet();
  const remove = useFileDeletion();
  const heading = name ?? de.media.files;
  const linkedId = useLinkedFile(files.data !== undefined);

  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <div className={classes.panelHeader}>
        <Title id={headingId} order={2} size="h3" className={classes.heading}>
          {heading}
        </Title>
        {!files.isError && (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openForm({ categoryId })}>
            {de.media.upload}
          </Button>
        )}
      </div>
      {files.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      ) : files.isError ? (
        <Alert color="gray" variant="light">
          {files.error instanceof ApiError && files.error.status === 404
            ? de.media.categoryNotFound
            : de.media.filesLoadFailed}
        </Alert>
      ) : files.data.length === 0 ? (
        <div className={classes.empty}>
          <IconFolderOpen size={36} stroke={1.4} aria-hidden />
          <Text fw={600} c="var(--mantine-color-text)">
            {de.media.filesEmpty}
          </Text>
          <Text size="sm">{de.media.filesEmptyHint}</Text>
        </div>
      ) : (
        <ul className={classes.files} aria-label={de.media.filesOf(heading)}>
          {files.data.map((file) => (
            <MediaFileRow
              key={file.id}
              file={file}
              linked={file.id === linkedId}
              onEdit={(target) => openForm({ file: target, categoryId })}
              onDelete={(target) => void remove(target)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A search hit's `?file=<id>`: that file is marked and brought into view once the files are on screen. */
function useLinkedFile(loaded: boolean): number | null {
  const raw = useSearchParams()[0].get('file');
  const linkedId = raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  useEffect(() => {
    if (!loaded || linkedId === null) return;
    // After the frame's own landing on the page top, which runs later in the same commit.
    const frame = requestAnimationFrame(() => reveal(document.getElementById(mediaFileElementId(linkedId))));
    return () => cancelAnimationFrame(frame);
  }, [loaded, linkedId]);
  return linkedId;
}

/** 'Wollen Sie die Datei "{name}" wirklich löschen?', then the file leaves the list (SPEC §4). */
function useFileDeletion() {
  const deletion = useDeleteMediaFile();
  const confirmed = useConfirmedDeletion();
  return (file: TMediaFile) =>
    confirmed(de.media.confirmDeleteFile(file.name), () => deletion.mutateAsync(file), de.media.fileDeleted);
}
