import { Center, Loader } from '@mantine/core';
import { de } from '../i18n/de';

/** Shown while the session is restored and the first screen loads. */
export function AppLoading() {
  return (
    <Center py={120}>
      <Loader role="progressbar" aria-label={de.app.loading} />
    </Center>
  );
}
