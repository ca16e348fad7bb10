import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { useIsAdmin } from '../../../lib/use-session';
import { useIntro } from '../api/get-intro';
import { IntroEditor } from './intro-editor';

/** SPEC §1 Dashboard: the intro text at the top; admins edit it in place. */
export function DashboardIntro() {
  const intro = useIntro();
  const isAdmin = useIsAdmin();
  const [editing, setEditing] = useState(false);

  if (intro.isPending)
    return (
      <Skeleton height={72} radius="md" role="progressbar" aria-busy="true" aria-label={de.app.loading} />
    );
  if (intro.isError) return null; // the red banner tells
  if (editing) return <IntroEditor html={intro.data.html} onDone={() => setEditing(false)} />;
  if (!intro.data.html && !isAdmin) return null;

  return (
    <Paper component="section" aria-label={de.dashboard.intro} withBorder radius="md" p="md">
      <Stack gap="xs">
        {intro.data.html ? (
          <RichText html={intro.data.html} />
        ) : (
          <Text c="dimmed" size="sm">
            {de.dashboard.introEmpty}
          </Text>
        )}
        {isAdmin && (
          <Group justify="flex-end">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {de.common.edit}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
