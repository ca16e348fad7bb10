import { ActionIcon, Button } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { alerts } from '../../components/feedback/alerts';
import { confirm } from '../../components/feedback/confirm';
import { de } from '../../i18n/de';
import { endSessionOnServer, session } from '../../lib/portal';
import classes from './frame.module.css';

/** Asks first, revokes the refresh token on the server, clears the session and shows the login page. */
export function LogoutButton() {
  const navigate = useNavigate();

  async function logout(): Promise<void> {
    const confirmed = await confirm({ title: de.logout.title, text: de.logout.text, escapeCancels: true });
    if (!confirmed) return;
    await endSessionOnServer();
    session.logout('user');
    await navigate(APP_PATHS.login, { replace: true });
    alerts.notice(de.logout.done);
  }

  // Two controls, one shown (the other is display: none, so screen readers meet one 'Abmelden').
  return (
    <>
      <Button
        variant="light"
        size="xs"
        className={classes.wideOnly}
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={logout}
      >
        {de.frame.logout}
      </Button>
      <ActionIcon
        variant="light"
        size={30}
        className={classes.narrowOnly}
        aria-label={de.frame.logout}
        title={de.frame.logout}
        onClick={logout}
      >
        <IconLogout size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}
