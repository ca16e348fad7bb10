import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { alerts } from '../../components/feedback/alerts';
import { confirm } from '../../components/feedback/confirm';
import { de } from '../../i18n/de';
import { endSessionOnServer, session } from '../../lib/portal';
import { LOGIN_PATH } from '../../lib/routing/route-table';

/** Asks first, revokes the refresh token on the server, clears the session and shows the login page. */
export function LogoutButton() {
  const navigate = useNavigate();

  async function logout(): Promise<void> {
    const confirmed = await confirm({ title: de.logout.title, text: de.logout.text, escapeCancels: true });
    if (!confirmed) return;
    await endSessionOnServer();
    session.logout('user');
    await navigate(LOGIN_PATH, { replace: true });
    alerts.notice(de.logout.done);
  }

  return (
    <Button variant="light" size="xs" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
      {de.frame.logout}
    </Button>
  );
}
