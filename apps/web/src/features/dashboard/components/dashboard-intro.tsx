import '@mantine/core/styles/Skeleton.css';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TIntroAudience } from '@portal/contract';
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

/** Each text's name, and what an admin sees while it is empty (read when shown, as the texts' sections load). */
function labelsOf(audience: TIntroAudience): { label: string; empty: string; hint?: string } {
  return audience === 'members'
    ? { label: de.dashboard.intro, empty: de.dashboard.introEmpty }
    : {
        label: de.dashboard.partnerIntro,
        empty: de.dashboard.partnerIntroEmpty,
        hint: de.dashboard.partnerIntroHint,
      };
}

/**
 * SPEC §1 Dashboard: the intro text at the top, the one written for the reader's role (issue 31: partners
 * have their own). Admins edit it in place, and the partners' text below it.
 */
export function DashboardIntro() {
  const intro = useIntro();
  const isAdmin = useIsAdmin();
  usePreloadOnIdle(introEditor.preload, isAdmin);

  if (intro.isPending) return <IntroSkeleton />;
  if (intro.isError) return null; // the red banner tells
  const { html, partnerHtml } = intro.data;
  return (
    <>
      <IntroPanel audience="members" html={html} editable={isAdmin} />
      {isAdmin && partnerHtml !== undefined && <IntroPanel audience="partners" html={partnerHtml} editable />}
    </>
  );
}

interface IntroPanelProps {
  audience: TIntroAudience;
  html: string;
  editable: boolean;
}

/** One intro text, with 'Bearbeiten' for admins; the partners' one is named, as only admins see it beside the other. */
function IntroPanel({ audience, html, editable }: IntroPanelProps) {
  const [editing, setEditing] = useState(false);
  const { label, empty, hint } = labelsOf(audience);
  if (editing)
    return (
      <Suspense fallback={<IntroSkeleton />}>
        <IntroEditor html={html} audience={audience} label={label} onDone={() => setEditing(false)} />
      </Suspense>
    );
  if (!html && !editable) return null;

  return (
    <Paper component="section" aria-label={label} withBorder radius="md" p="md">
      <Stack gap="xs">
        {hint && (
          <Text size="sm" fw={600}>
            {label}
            <Text span size="sm" fw={400} c="dimmed">
              {` – ${hint}`}
            </Text>
          </Text>
        )}
        {html ? (
          <RichText html={html} />
        ) : (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        )}
        {editable && (
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
