import { ActionIcon, Group } from '@mantine/core';
import type { TBlog } from '@portal/contract';
import { IconLink, IconPencil, type IconProps, IconSpeakerphone, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { de } from '../../../i18n/de';
import { isPublished } from '../lib/post-status';
import type { PostActions as Actions } from './use-post-actions';

interface PostActionsProps {
  post: TBlog;
  actions: Actions;
}

/** Admin buttons of a post; 'Eilmeldung' only once the post is published (SPEC §4). */
export function PostActions({ post, actions }: PostActionsProps) {
  return (
    <Group gap={2} wrap="nowrap" role="group" aria-label={de.blog.actionsOf(post.title)}>
      {isPublished(post) && (
        <IconButton
          label={de.blog.breakingNews.button}
          icon={IconSpeakerphone}
          onClick={() => void actions.sendBreakingNews(post)}
        />
      )}
      <IconButton label={de.common.edit} icon={IconPencil} onClick={() => actions.edit(post)} />
      <IconButton label={de.common.copyLink} icon={IconLink} onClick={() => void actions.copyLink(post)} />
      <IconButton
        label={de.common.delete}
        icon={IconTrash}
        color="red"
        onClick={() => void actions.remove(post)}
      />
    </Group>
  );
}

interface IconButtonProps {
  label: string;
  icon: ComponentType<IconProps>;
  onClick: () => void;
  color?: string;
}

function IconButton({ label, icon: Icon, onClick, color = 'gray' }: IconButtonProps) {
  return (
    <ActionIcon variant="subtle" color={color} size={32} aria-label={label} title={label} onClick={onClick}>
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}
