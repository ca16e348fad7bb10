import { Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './media.module.css';

/**
 * The duplicate check's German warnings of one file (decision 0126), announced as they appear. They only
 * warn: saving stays possible.
 */
export function DuplicateWarnings({ warnings, id }: { warnings: readonly string[]; id?: string }) {
  return (
    <Stack gap={2} id={id} aria-live="polite" hidden={warnings.length === 0}>
      {warnings.map((warning) => (
        <Group key={warning} gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} className={classes.warningIcon} aria-hidden />
          <Text size="sm" c="orange.9">
            {warning}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
