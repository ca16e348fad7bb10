import '@mantine/core/styles/Skeleton.css';
import { Skeleton, Stack } from '@mantine/core';
import { de } from '../../i18n/de';

/** Stands in for a form while its chunk or data loads: one bar per field, of the given heights. */
export function FormSkeleton({ heights = [36, 36] }: { heights?: readonly number[] }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={de.app.loading}>
      {heights.map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder bars, never reordered
        <Skeleton key={index} height={height} />
      ))}
    </Stack>
  );
}
