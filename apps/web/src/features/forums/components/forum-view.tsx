import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { APP_PATHS, pageCount, type TForumThread } from '@portal/contract';
import { IconMessagePlus } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../../components/feedback/alerts';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import type { Crumb } from '../../../components/page/breadcrumb-trail';
import { Page } from '../../../components/page/page';
import { Pagination } from '../../../components/pagination';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { useIsAdmin } from '../../../lib/use-session';
import { useForum } from '../api/get-forum';
import { forumPageOf } from '../lib/paging';
import { isNotFound } from './load-error';
import { threadFormSheet, usePreloadThreadForm } from './post-sheets';
import { ThreadRow } from './thread-row';
import { useThreadDeletion } from './use-forum-deletion';

/** SPEC §2 Forums: a forum with its threads; every member starts threads, admins delete them. */
export function ForumView({ forumId }: { forumId: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = forumPageOf(searchParams);
  const forum = useForum(forumId, page);
  const isAdmin = useIsAdmin();
  const sheet = useBottomSheet();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const deleteThread = useThreadDeletion(forumId);
  // Every member may start a thread here: its form and editor are ready before 'Neues Thema' (issue 14).
  usePreloadThreadForm();

  const title = forum.data?.name ?? de.pages.forums;
  const breadcrumbs: Crumb[] = [
    { label: de.pages.dashboard, to: APP_PATHS.dashboard },
    { label: de.pages.forums, to: APP_PATHS.forums },
    ...(forum.data ? [{ label: forum.data.name }] : []),
  ];

  function created(thread: TForumThread) {
    sheet.close();
    alerts.success(de.forums.threadCreated);
    void navigate(APP_PATHS.thread(thread.forumId, thread.id));
  }

  const actions = forum.data && (
    <Button
      leftSection={<IconMessagePlus size={16} aria-hidden />}
      onClick={() => sheet.open(threadFormSheet(forumId, created, sheet.close))}
    >
      {de.forums.newThread}
    </Button>
  );

  if (forum.isError) {
    return (
      <Page title={de.pages.forums} breadcrumbs={breadcrumbs}>
        {isNotFound(forum.error) ? (
          <Alert color="gray" variant="light">
            {de.forums.forumNotFound}
          </Alert>
        ) : (
          <LoadFailed text={de.forums.forumLoadFailed} query={forum} />
        )}
      </Page>
    );
  }

  return (
    <Page title={title} breadcrumbs={breadcrumbs} actions={actions}>
      {forum.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={24} width="60%" />
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : (
        <>
          <RichText html={forum.data.description} />
          {forum.data.threads.length === 0 ? (
            <Text c="dimmed">{de.forums.threadsEmpty}</Text>
          ) : (
            <Stack gap="xs" component="section" aria-label={de.forums.threads}>
              {forum.data.threads.map((thread) => (
                <ThreadRow
                  key={thread.id}
                  thread={thread}
                  isAdmin={isAdmin}
                  onDelete={(target) => void deleteThread(target)}
                />
              ))}
            </Stack>
          )}
          <Pagination
            page={forum.data.page}
            total={pageCount(forum.data.threadCount, forum.data.pageSize)}
            onChange={(next) => setSearchParams(next === 1 ? {} : { page: String(next) })}
            label={de.forums.threadsPagination}
          />
        </>
      )}
    </Page>
  );
}
