import { Burger, Group, Text } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { Link } from 'react-router';
import { LazyNotificationBell } from '../../features/notifications';
import { de } from '../../i18n/de';
import { useSession } from '../../lib/use-session';
import classes from './frame.module.css';
import { LazySearchField } from './lazy-search-field';
import { LogoutButton } from './logout-button';

interface FrameHeaderProps {
  navigationId: string;
  withNavigation: boolean;
  navigationOpen: boolean;
  onToggleNavigation: () => void;
}

export function FrameHeader({
  navigationId,
  withNavigation,
  navigationOpen,
  onToggleNavigation,
}: FrameHeaderProps) {
  const { user } = useSession();
  return (
    // data-sticky-bar: what is revealed (lib/reveal.ts) starts below it
    <header className={classes.header} data-sticky-bar="">
      <Group gap="xs" wrap="nowrap">
        {withNavigation && (
          <Burger
            hiddenFrom="sm"
            size="sm"
            opened={navigationOpen}
            onClick={onToggleNavigation}
            aria-label={de.frame.openNavigation}
            aria-expanded={navigationOpen}
            aria-controls={navigationId}
          />
        )}
        <Link to={APP_PATHS.dashboard} className={classes.brand}>
          {de.app.name}
        </Link>
      </Group>
      {user && <LazySearchField />}
      {user && (
        <Group gap="sm" wrap="nowrap" className={classes.account}>
          <Text
            size="sm"
            c="dimmed"
            visibleFrom="xs"
            truncate
            maw={220}
            title={de.frame.loggedInAs(user.username)}
          >
            {user.username}
          </Text>
          <LazyNotificationBell userId={user.id} />
          <LogoutButton />
        </Group>
      )}
    </header>
  );
}
