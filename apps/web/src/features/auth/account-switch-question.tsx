import { APP_PATHS } from '@portal/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../components/feedback/confirm';
import { de } from '../../i18n/de';
import { type AccountSwitch, answerAccountSwitch } from './lib/login-link';
import { loginLinkDeps } from './login-loader';

/** Questions asked already: React's development mode runs an effect twice. */
const asked = new WeakSet<AccountSwitch>();

/**
 * 'Sie sind als … angemeldet. Als … fortfahren?' for a login link of another account (issue 30), in the
 * app's confirmation dialog: 'Nein' (focused first) and Escape keep the current session. Either way the
 * member goes on to the dashboard, as after any login link.
 */
export function AccountSwitchQuestion({ question }: { question: AccountSwitch }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (asked.has(question)) return;
    asked.add(question);
    // The token is used: it leaves the address bar at once, as after a login.
    window.history.replaceState(window.history.state, '', APP_PATHS.login);
    void (async () => {
      const switchAccount = await confirm({
        title: de.login.switchTitle,
        text: de.login.switchQuestion(question.current.username, question.next.username),
        escapeCancels: true,
      });
      await answerAccountSwitch(question, switchAccount, loginLinkDeps);
      await navigate(APP_PATHS.dashboard, { replace: true });
    })();
  }, [question, navigate]);
  return null;
}
