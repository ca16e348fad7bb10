import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TMediaFile } from '@portal/contract';
import { IconFolderOpen, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useConfirmedDeletion } from '../../../components/feedback/use-confirmed-deletion';
import { de } from '../../../i18n/de';
import { ApiError } from '../../../lib/api-error';
import { reveal } from '../../../lib/reveal';
import { useDeleteMediaFile } from '../api/delete-media-file';
import { useMediaFiles } from '../api/get-media-files';
import { filesOfPages } from '../lib/media-files';
import classes from './media.module.css';
import { MediaFileRow, mediaFileElementId } from './media-file-row';
import { useMediaFileSheet } from './media-file-sheet';

interface MediaFilesPanelProps {
  categoryId: number;
  /** The category's name, once known. */
  name: string | undefined;
  /** The number of its files (the tree's count), once known. */
  total?: number | undefined;
}

/**
 * SPEC §2 `/media/{id}`: the category's files, sorted by name, with upload, edit, copy and delete; a long
 * list a page at a time (issue 19).
 */
export function MediaFilesPanel({ categoryId, name, total }: MediaFilesPanelProps) {
  const headingId = useId();
  const query = useMediaFiles(categoryId);
  const files = useMemo(() => (query.data ? filesOfPages(query.data.pages) : undefined), [query.data]);
  const openForm = useMediaFileSheet();
  const remove = useFileDeletion();
  const heading = name ?? de.media.files;
  const linkedId = useLinkedFile(files);
  const listRef = useRef<HTMLUListElement>(null);
  /** The next page; after the last one the button goes, and the focus moves to the list. */
  const loadMore = async () => {
    const result = await query.fetchNextPage();
    if (!result.hasNextPage && !result.isFetchNextPageError) listRef.current?.focus();
  };
  // A search hit's file may lie on a later page: the pages are loaded until it shows.
  const linkedMissing =
    linkedId !== null && files !== undefined && !files.some((file) => file.id === linkedId);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (linkedMissing && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [linkedMissing, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <div className={classes.panelHeader}>
        <Title id={headingId} order={2} size="h3" className={classes.heading}>
          {heading}
        </Title>
        {!query.isError && (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => openForm({ categoryId })}>
            {de.media.upload}
          </Button>
        )}
      </div>
      {files === undefined ? (
        query.isError ? (
          query.error instanceof ApiError && query.error.status === 404 ? (
            <Alert color="gray" variant="light">
              {de.media.categoryNotFound}
            </Alert>
          ) : (
            <LoadFailed text={de.media.filesLoadFailed} query={query} />
          )
        ) : (
          <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        )
      ) : files.length === 0 && !query.hasNextPage ? (
        <div className={classes.empty}>
          <IconFolderOpen size={36} stroke={1.4} aria-hidden />
          <Text fw={600} c="var(--mantine-color-text)">
            {de.media.filesEmpty}
          </Text>
          <Text size="sm">{de.media.filesEmptyHint}</Text>
        </div>
      ) : (
        <>
          <ul ref={listRef} tabIndex={-1} className={classes.files} aria-label={de.media.filesOf(heading)}>
            {files.map((file) => (
              <MediaFileRow
                key={file.id}
                file={file}
                linked={file.id === linkedId}
                onEdit={(target) => openForm({ file: target, categoryId })}
                onDelete={(target) => void remove(target)}
              />
            ))}
          </ul>
          {query.hasNextPage && (
            <MoreFiles
              shown={files.length}
              total={total}
              loading={query.isFetchingNextPage}
              failed={query.isFetchNextPageError}
              onMore={() => void loadMore()}
            />
          )}
        </>
      )}
    </section>
  );
}

interface MoreFilesProps {
  shown: number;
  /** the category's files, from the tree; undefined until known */
  total: number | undefined;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}

/**
 * Below a long list (issue 19): how many files show of how many, and 'Weitere Dateien laden' for the next
 * page. The new files join the list in their places; the focus stays on the button until the last page.
 */
function MoreFiles({ shown, total, loading, failed, onMore }: MoreFilesProps) {
  const statusId = useId();
  return (
    <div className={classes.more}>
      <Text size="sm" c="dimmed" id={statusId} role="status">
        {failed
          ? de.media.moreFilesFailed
          : total !== undefined && total > shown
            ? de.media.filesShown(shown, total)
            : null}
      </Text>
      {/* not disabled while loading: the focus stays on the button */}
      <Button
        variant="default"
        onClick={loading ? undefined : onMore}
        aria-busy={loading || undefined}
        aria-describedby={statusId}
      >
        {de.media.moreFiles}
      </Button>
    </div>
  );
}

/**
 * A search hit's `?file=<id>`: that file is marked and brought into view once it is on screen (the pages
 * before it are loaded first).
 */
function useLinkedFile(files: readonly TMediaFile[] | undefined): number | null {
  const raw = useSearchParams()[0].get('file');
  const linkedId = raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const shown = linkedId !== null && (files?.some((file) => file.id === linkedId) ?? false);
  useEffect(() => {
    if (!shown || linkedId === null) return;
    // After the frame's own landing on the page top, which runs later in the same commit.
    const frame = requestAnimationFrame(() => reveal(document.getElementById(mediaFileElementId(linkedId))));
    return () => cancelAnimationFrame(frame);
  }, [shown, linkedId]);
  return linkedId;
}

/** 'Wollen Sie die Datei "{name}" wirklich löschen?', then the file leaves the list (SPEC §4). */
function useFileDeletion() {
  const deletion = useDeleteMediaFile();
  const confirmed = useConfirmedDeletion();
  return (file: TMediaFile) =>
    confirmed(de.media.confirmDeleteFile(file.name), () => deletion.mutateAsync(file), de.media.fileDeleted);
}
