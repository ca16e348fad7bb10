import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { TBlog, TOwnConfirmation } from '@portal/contract';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { RichText } from '../../../components/rich-text';
import { de } from '../../../i18n/de';
import { formatDateTime } from '../../../lib/formatting';
import { useConfirmPost } from '../api/confirm-post';
import classes from './circulars.module.css';

const texts = de.circulars;

/**
 * At a circular's end (issue 34 point 2): 'Gelesen und zur Kenntnis genommen' while the member has to
 * confirm it, afterwards 'Bestätigt am …'. Nothing for a post that asks for no confirmation.
 */
export function CircularConfirmation({ post }: { post: TBlog }) {
  const confirm = useConfirmPost();
  const own = post.confirmation;
  if (!own) return null;
  if (!own.pending && own.confirmedAt) {
    return (
      <Group gap="xs" wrap="nowrap" className={classes.confirmBox} role="status">
        <IconCircleCheck
          size={20}
          aria-hidden
          color="var(--mantine-color-green-8)"
          style={{ flex: 'none' }}
        />
        <Text fw={600} style={{ minWidth: 0, flexShrink: 1 }}>
          {texts.confirmedAt(formatDateTime(own.confirmedAt))}
        </Text>
      </Group>
    );
  }
  if (!own.pending) return null;
  return (
    <Stack gap="sm" className={classes.confirmBox} align="flex-start">
      <Text>{texts.confirmPrompt}</Text>
      <Button
        leftSection={<IconCircleCheck size={18} aria-hidden />}
        loading={confirm.isPending}
        // Wraps on a phone rather than being cut off (Mantine's button keeps its label on one line).
        styles={{
          root: { height: 'auto', minHeight: 36, paddingBlock: 6, maxWidth: '100%' },
          label: { whiteSpace: 'normal', height: 'auto', overflow: 'visible', textAlign: 'left' },
        }}
        onClick={() => confirm.mutate(post.id)}
      >
        {texts.confirm}
      </Button>
    </Stack>
  );
}

/**
 * Above a circular that changed since the member confirmed it and needs a new confirmation (issue 34 point
 * 5): when they confirmed, which parts changed, and the version they confirmed to compare.
 */
export function ChangedSinceConfirmed({ confirmation }: { confirmation: TOwnConfirmation | null }) {
  const changed = confirmation?.pending ? confirmation.changedSince : null;
  if (!changed) return null;
  const fields = changed.fields.map((name) => texts.changedFields[name]).join(', ');
  return (
    <Alert
      color="orange"
      variant="light"
      title={texts.changedTitle}
      icon={<IconInfoCircle size={18} aria-hidden />}
    >
      <Stack gap="xs">
        <Text size="sm">{texts.changedText(formatDateTime(changed.confirmedAt), fields)}</Text>
        <details>
          <summary>{texts.previousVersion}</summary>
          <Stack gap="xs" mt="xs">
            <Text fw={600}>{changed.title}</Text>
            <RichText html={changed.preText} />
            <RichText html={changed.content} />
          </Stack>
        </details>
      </Stack>
    </Alert>
  );
}
