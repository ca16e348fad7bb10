import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { preloadable, usePreloadOnIdle } from '../../../components/preloadable';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { useIsAdmin } from '../../../lib/use-session';
import { useIntro } from '../api/get-intro';

/**
 * The intro's editor (its chunk, then the rich-text editor's) is not part of the dashboard's first load
 * (issue 19): it loads for admins once the browser is idle after the dashboard showed, or on 'Bearbeiten'.
 */
const introEditor = preloadable(async () => (await import('./intro-editor')).IntroEditor);
const IntroEditor = introEditor.Component;

/** SPEC §1 Dashboard: the intro text at the top; admins edit it in place. */
export function DashboardIntro() {
  const intro = useIntro();
  const isAdmin = useIsAdmin();
  const [editing, setEditing] = useState(false);
  usePreloadOnIdle(introEditor.preload, isAdmin);

  if (intro.isPending) return <IntroSkeleton />;
  if (intro.isError) return null; // the red banner tells
  if (editing)
    return (
      <Suspense fallback={<IntroSkeleton />}>
        <IntroEditor html={intro.data.html} onDone={() => setEditing(false)} />
      </Suspense>
    );
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

function IntroSkeleton() {
  return <Skeleton height={72} radius="md" role="progressbar" aria-busy="true" aria-label={de.app.loading} />;
}
