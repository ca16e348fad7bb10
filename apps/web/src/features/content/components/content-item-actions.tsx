import { ActionIcon, Group } from '@mantine/core';
import type { TContentItem } from '@portal/contract';
import { IconArrowDown, IconArrowUp, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { de } from '../../../i18n/de';
import type { MoveDirection } from '../lib/move-item';

interface ContentItemActionsProps {
  item: TContentItem;
  first: boolean;
  last: boolean;
  onMove: (item: TContentItem, direction: MoveDirection) => void;
  onEdit: (item: TContentItem) => void;
  onDelete: (item: TContentItem) => void;
}

interface IconButtonProps {
  label: string;
  icon: ComponentType<{ size: number; 'aria-hidden': boolean }>;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  move?: MoveDirection;
  itemId: number;
}

function IconButton({ label, icon: Icon, onClick, disabled, color = 'gray', move, itemId }: IconButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color={color}
      size={32}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-move={move}
      data-item={itemId}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}

/** Admin buttons of one item (SPEC §2 Content page: move up/down, edit, delete). */
export function ContentItemActions({ item, first, last, onMove, onEdit, onDelete }: ContentItemActionsProps) {
  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label={de.content.actionsOf(item.title)} pr={4}>
      <IconButton
        label={de.content.moveUp}
        icon={IconArrowUp}
        disabled={first}
        onClick={() => onMove(item, 'up')}
        move="up"
        itemId={item.id}
      />
      <IconButton
        label={de.content.moveDown}
        icon={IconArrowDown}
        disabled={last}
        onClick={() => onMove(item, 'down')}
        move="down"
        itemId={item.id}
      />
      <IconButton label={de.common.edit} icon={IconPencil} onClick={() => onEdit(item)} itemId={item.id} />
      <IconButton
        label={de.common.delete}
        icon={IconTrash}
        color="red"
        onClick={() => onDelete(item)}
        itemId={item.id}
      />
    </Group>
  );
}
