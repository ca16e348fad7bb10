import { Center, Loader } from '@mantine/core';
import { de } from '../i18n/de';
import { bootSkeleton } from './boot-skeleton';

/** Shown while the session is restored and the first screen loads: the skeleton index.html drew. */
export function AppLoading() {
  const skeleton = bootSkeleton();
  if (!skeleton) {
    return (
      <Center py={120}>
        <Loader role="progressbar" aria-label={de.app.loading} />
      </Center>
    );
  }
  return (
    <div
      ref={(node) => {
        node?.replaceChildren(skeleton);
      }}
    />
  );
}
