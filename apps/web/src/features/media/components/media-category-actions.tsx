import { ActionIcon } from '@mantine/core';
import type { TMediaCategory } from '@portal/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import classes from './media.module.css';

interface MediaCategoryActionsProps {
  category: TMediaCategory;
  onEdit: (category: TMediaCategory) => void;
  onDelete: (category: TMediaCategory) => void;
}

/** Edit and delete of a tree node (SPEC §2), after its drag handle. */
export function MediaCategoryActions({ category, onEdit, onDelete }: MediaCategoryActionsProps) {
  return (
    <span className={classes.nodeActions}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={26}
        aria-label={de.media.editCategoryLabel(category.name)}
        onClick={() => onEdit(category)}
      >
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size={26}
        aria-label={de.media.deleteCategoryLabel(category.name)}
        onClick={() => onDelete(category)}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </span>
  );
}
