import '@mantine/core/styles/Menu.css';
import { ActionIcon, Menu } from '@mantine/core';
import type { TContentCategory } from '@portal/contract';
import { IconDots, IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { de } from '../../../i18n/de';
import { useCategoryActions } from './use-category-actions';

/** Admin actions of one node, behind one button so the narrow drawer keeps room for the name. */
export function CategoryNodeMenu({ category }: { category: TContentCategory }) {
  const actions = useCategoryActions();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={220}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={26} aria-label={de.categories.actions(category.name)}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(category)}>
          {de.common.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => actions.createChild(category)}
        >
          {de.categories.createChild}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={() => void actions.copyLink(category)}
        >
          {de.common.copyLink}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => void actions.remove(category)}
        >
          {de.common.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
