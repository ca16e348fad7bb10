import { ActionIcon, Button } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { IconBell } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { de } from '../../i18n/de';

const PATH = APP_PATHS.notificationSettings;

/**
 * 'Benachrichtigungen' beside 'Abmelden' (issue 17): the mail settings, for every logged-in role. Below the
 * drawer's breakpoint the bar has no room for the words: there it is a bell, named for screen readers.
 */
export function NotificationsLink() {
  const { pathname } = useLocation();
  const current = pathname === PATH ? 'page' : undefined;
  // Shown as current on its own page, as the navigation shows its sections.
  const variant = current ? 'light' : 'subtle';
  return (
    <>
      <Button
        component={Link}
        to={PATH}
        variant={variant}
        size="xs"
        visibleFrom="sm"
        leftSection={<IconBell size={16} aria-hidden />}
        aria-current={current}
      >
        {de.frame.notifications}
      </Button>
      <ActionIcon
        component={Link}
        to={PATH}
        variant={variant}
        size={30}
        hiddenFrom="sm"
        aria-label={de.frame.notifications}
        title={de.frame.notifications}
        aria-current={current}
      >
        <IconBell size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
    </>
  );
}
