import { Alert, Button, Center, Stack } from '@mantine/core';
import { useRouteError } from 'react-router';
import { de } from '../i18n/de';

/** Last resort for errors while loading or rendering a screen (e.g. a chunk failed to load). */
export function RouteError() {
  const error = useRouteError();
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
