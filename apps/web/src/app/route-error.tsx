import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useRevalidator, useRouteError } from 'react-router';
import { de } from '../i18n/de';
import { SessionUnavailableError } from '../lib/session';

/** Last resort for errors while loading or rendering a screen (e.g. a chunk failed to load). */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof SessionUnavailableError) return <SessionUnavailable error={error} />;
  console.error(error);
  return (
    <Center py={80} px="md">
      <Stack align="center" maw={480}>
        <Alert color="red" title={de.errors.pageFailed} w="100%">
          {de.errors.unexpected}
        </Alert>
        <Button onClick={() => window.location.reload()}>{de.errors.reload}</Button>
      </Stack>
    </Center>
  );
}

/**
 * The stored session's profile could not be read (offline, a 5xx or 429): the session is kept, here and in
 * the other tabs, and a retry runs the screen's loaders again, which restore it (issue 30).
 */
function SessionUnavailable({ error }: { error: SessionUnavailableError }) {
  const revalidator = useRevalidator();
  return (
    <Center py={80} px="md">
      <Stack align="center" maw={480}>
        <Alert color="orange" title={de.errors.sessionUnavailable} w="100%">
          <Text size="sm">{error.message}</Text>
          <Text size="sm" mt="xs">
            {de.errors.sessionKept}
          </Text>
        </Alert>
        <Button loading={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
          {de.errors.retry}
        </Button>
      </Stack>
    </Center>
  );
}
