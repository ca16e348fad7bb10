import { Badge, Button, Group, Paper } from '@mantine/core';
import type { TSearchSynonym } from '@portal/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { de } from '../../../../i18n/de';
import { termsLine } from '../lib/synonym-form';
import classes from './synonyms.module.css';

const texts = de.adminSynonyms;

interface SynonymCardProps {
  group: TSearchSynonym;
  onEdit: (group: TSearchSynonym) => void;
  onDelete: (group: TSearchSynonym) => void;
}

/** One group of the list: its terms side by side, edit and delete. */
export function SynonymCard({ group, onEdit, onDelete }: SynonymCardProps) {
  const line = termsLine(group.terms);
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      className={classes.card}
      aria-label={texts.group(line)}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Group component="ul" gap={6} className={classes.terms}>
          {group.terms.map((term) => (
            <Badge
              key={term}
              component="li"
              variant="light"
              radius="sm"
              tt="none"
              size="lg"
              classNames={{ root: classes.term, label: classes.termLabel }}
            >
              {term}
            </Badge>
          ))}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={texts.editLabel(line)}
            onClick={() => onEdit(group)}
          >
            {de.common.edit}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={texts.deleteLabel(line)}
            onClick={() => onDelete(group)}
          >
            {de.common.delete}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
