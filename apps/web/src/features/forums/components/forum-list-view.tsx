import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useIsAdmin } from '../../../lib/use-session';
import { useForums } from '../api/get-forums';
import { ForumCard } from './forum-card';
import { forumFormSheet } from './forum-form';
import { useForumDeletion } from './use-forum-deletion';

const BREADCRUMBS = [{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.pages.forums }];

/** SPEC §2 Forums: the forum list; admins create, edit and delete forums. */
export function ForumListView() {
  const forums = useForums();
  const isAdmin = useIsAdmin();
  const sheet = useBottomSheet();
  const deleteForum = useForumDeletion();

  const actions = isAdmin && (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => sheet.open(forumFormSheet(undefined, sheet.close))}
    >
      {de.forums.create}
    </Button>
  );

  return (
    <Page title={de.pages.forums} breadcrumbs={BREADCRUMBS} actions={actions}>
      {forums.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </Stack>
      ) : forums.isError ? (
        <LoadFailed text={de.forums.loadFailed} query={forums} />
      ) : forums.data.length === 0 ? (
        <Text c="dimmed">{de.forums.empty}</Text>
      ) : (
        <Stack gap="sm">
          {forums.data.map((forum) => (
            <ForumCard
              key={forum.id}
              forum={forum}
              isAdmin={isAdmin}
              onEdit={(target) => sheet.open(forumFormSheet(target, sheet.close))}
              onDelete={(target) => void deleteForum(target)}
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}
