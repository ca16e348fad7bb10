import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TAdminGroup } from '@portal/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { de } from '../../../../i18n/de';
import classes from './groups.module.css';

const texts = de.adminGroups;

interface GroupCardProps {
  group: TAdminGroup;
  onEdit: (group: TAdminGroup) => void;
  onDelete: (group: TAdminGroup) => void;
}

/** One group of the list: name, 'Intern' and 'Standard' marks, member count, edit and delete. */
export function GroupCard({ group, onEdit, onDelete }: GroupCardProps) {
  const headingId = `group-${group.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" className={classes.card} aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4} className={classes.main}>
          <Group gap="xs" align="center">
            <Title order={2} size="h4" id={headingId} className={classes.name}>
              {group.name}
            </Title>
            {group.internal && (
              <Badge variant="light" radius="sm" tt="none">
                {texts.internal}
              </Badge>
            )}
            {group.isDefault && (
              <Badge variant="light" color="green" radius="sm" tt="none">
                {texts.isDefault}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {texts.memberCount(group.memberCount)}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={texts.editLabel(group.name)}
            onClick={() => onEdit(group)}
          >
            {de.common.edit}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={texts.deleteLabel(group.name)}
            onClick={() => onDelete(group)}
          >
            {de.common.delete}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
