import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { APP_PATHS } from '@portal/contract';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/page/use-document-title';
import { de } from '../../i18n/de';
import { DENIED_PARAM, hasLoginParams, REQUEST_PARAM } from '../../lib/routing/route-guard';
import { getSettings, isLoginFormOrigin } from '../../lib/settings';
import { useSession } from '../../lib/use-session';
import { AccountSwitchQuestion } from './account-switch-question';
import { LoginForm } from './login-form';
import type { LoginLoaderData } from './login-loader';
import classes from './login-page.module.css';

interface LoginLocationState {
  loginFailed?: boolean;
}

/** SPEC §2 Login: the manual form only on an internal test origin, otherwise a hint to the host website. */
export function LoginPage() {
  const { failed, question } = useLoaderData<LoginLoaderData>();
  const location = useLocation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const linkFailed = failed || (location.state as LoginLocationState | null)?.loginFailed === true;
  const formAllowed = isLoginFormOrigin(getSettings(), window.location.origin);
  useDocumentTitle(de.login.title);

  // A failed login link must not stay in the address bar either.
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    if (!failed || !hasLoginParams(search)) return;
    const request = search.get(REQUEST_PARAM);
    const rest = request ? `?${new URLSearchParams({ [REQUEST_PARAM]: request }).toString()}` : '';
    void navigate(
      { search: rest },
      { replace: true, state: { loginFailed: true } satisfies LoginLocationState },
    );
  }, [failed, location.search, navigate]);

  const error = formError ?? (linkFailed ? de.login.failed : null);
  const { user } = useSession();
  const denied = user !== null && new URLSearchParams(location.search).has(DENIED_PARAM);
  return (
    <div className={classes.page}>
      <Paper className={classes.card} withBorder shadow="sm" radius="md" p="xl">
        <Stack gap="md">
          <Text className={classes.brand}>{de.app.name}</Text>
          <div>
            <Title order={1} size="h2">
              {de.login.title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {de.login.intro}
            </Text>
          </div>
          {denied && !error && (
            <Alert color="orange" variant="light" icon={<IconLock aria-hidden />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{de.login.denied}</Text>
                <Anchor component={Link} to={APP_PATHS.dashboard} size="sm">
                  {de.login.toDashboard}
                </Anchor>
              </Stack>
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
              {error}
            </Alert>
          )}
          {question ? (
            <AccountSwitchQuestion question={question} />
          ) : formAllowed ? (
            <LoginForm onError={setFormError} />
          ) : (
            <Text size="sm">{de.login.viaHost}</Text>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
