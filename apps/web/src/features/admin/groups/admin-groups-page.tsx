import { APP_PATHS } from '@portal/contract';
import '@mantine/core/styles/Skeleton.css';
import { Button, Skeleton, Stack, Text } from '@mantine/core';
import type { TAdminGroup } from '@portal/contract';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { LoadFailed } from '../../../components/feedback/load-failed';
import { useBottomSheet } from '../../../components/overlay/bottom-sheet';
import { Page } from '../../../components/page/page';
import { de } from '../../../i18n/de';
import { useAdminGroups } from './api/get-groups';
import { GroupCard } from './components/group-card';
import { groupFormSheet } from './components/group-form';
import { useGroupDeletion } from './components/use-group-deletion';

const texts = de.adminGroups;
const BREADCRUMBS = [{ label: de.pages.dashboard, to: APP_PATHS.dashboard }, { label: de.nav.adminGroups }];

/** Issue 18, /admin/groups (ROLE_ADMIN): every group with its member count; create, edit and delete. */
export function AdminGroupsPage() {
  const groups = useAdminGroups();
  const sheet = useBottomSheet();
  const deleteGroup = useGroupDeletion();
  const createButton = useRef<HTMLButtonElement>(null);
  // The deleted group's card took the focused button with it: the keyboard goes on from 'Gruppe anlegen'.
  const remove = (group: TAdminGroup) =>
    void deleteGroup(group).then((deleted) => {
      if (deleted) createButton.current?.focus();
    });

  const actions = (
    <Button
      ref={createButton}
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => sheet.open(groupFormSheet(undefined, sheet.close))}
    >
      {texts.create}
    </Button>
  );

  return (
    <Page title={de.nav.adminGroups} breadcrumbs={BREADCRUMBS} actions={actions}>
      <Text>{texts.intro}</Text>
      {groups.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      ) : groups.isError ? (
        <LoadFailed text={texts.loadFailed} query={groups} />
      ) : groups.data.length === 0 ? (
        <Text c="dimmed">{texts.empty}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={texts.list} style={{ listStyle: 'none' }}>
          {groups.data.map((group) => (
            <GroupCard
              key={group.id}
              group={group}
              onEdit={(target) => sheet.open(groupFormSheet(target, sheet.close))}
              onDelete={remove}
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}
