import { Anchor } from '@mantine/core';
import { APP_PATHS, hasRole } from '@portal/contract';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { de } from '../../../i18n/de';
import { useSession } from '../../../lib/use-session';
import { useForumUnread } from '../api/get-unread';
import classes from './forums.module.css';

/**
 * The dashboard's 'Neu im Forum: 3 Themen' (issue 17), a link to the forums. Only for the forums' role;
 * nothing while it loads or when it failed.
 */
export function ForumNews() {
  const { user } = useSession();
  const isMember = user ? hasRole(user.roles, 'ROLE_USER') : false;
  const unread = useForumUnread(isMember);
  if (!isMember || !unread.data) return null;
  const { threads } = unread.data;
  return (
    <Anchor
      component={Link}
      to={APP_PATHS.forums}
      size="sm"
      fw={threads > 0 ? 600 : undefined}
      c={threads > 0 ? undefined : 'dimmed'}
      className={classes.news}
    >
      <IconMessages size={18} stroke={1.6} aria-hidden />
      {de.forums.news(threads)}
    </Anchor>
  );
}
