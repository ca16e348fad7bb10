import { type ComponentProps, lazy, Suspense } from 'react';

const LoadFailed = lazy(async () => ({ default: (await import('./load-failed')).LoadFailed }));

/**
 * LoadFailed in a chunk of its own, for the parts of the first screens (the navigation, the dashboard's
 * lists): their first load does without it (docs/bundle.md), it comes only when a load failed.
 */
export function LazyLoadFailed(props: ComponentProps<typeof LoadFailed>) {
  return (
    <Suspense fallback={null}>
      <LoadFailed {...props} />
    </Suspense>
  );
}
