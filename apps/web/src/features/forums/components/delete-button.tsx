import { Button } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { de } from '../../../i18n/de';

/** The admin's 'Löschen' of a forum, a thread or a post; `name` says what it deletes to screen readers. */
export function DeleteButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      leftSection={<IconTrash size={14} aria-hidden />}
      aria-label={de.forums.deleteLabel(name)}
      onClick={onClick}
    >
      {de.common.delete}
    </Button>
  );
}
